package jobs

import java.time.Duration

import org.apache.flink.api.common.functions.RichMapFunction
import org.apache.flink.configuration.Configuration
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows

// The Java API called from Scala: 2.x-ready but for open(Configuration).
object JavaApiFromScala {
  class Upper extends RichMapFunction[String, String] {
    override def open(parameters: Configuration): Unit = {} // want "Flink 2.0 removed RichFunction#open\\(Configuration\\) "
    override def map(v: String): String = v.toUpperCase
  }

  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment
    val size = TumblingEventTimeWindows.of(Duration.ofSeconds(5))
    env.fromElements("a", "b").map(new Upper).print()
    env.execute("java api")
  }
}
