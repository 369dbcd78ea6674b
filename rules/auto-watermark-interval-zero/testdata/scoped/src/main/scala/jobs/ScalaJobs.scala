package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.scala._

object ZeroApp extends App {
  val env = StreamExecutionEnvironment.getExecutionEnvironment
  env.getConfig.setAutoWatermarkInterval(0L) // want "strategy forBoundedOutOfOrderness emits"
  env.fromSource(Sources.kafka(), WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5)), "k").print()
  env.execute()
}

object ProcessingApp {
  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment
    env.getConfig.setAutoWatermarkInterval(0L)
    env.fromElements(1, 2, 3).print()
    env.execute()
  }
}

object OtherEventApp {
  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment
    env.fromSource(Sources.kafka(), WatermarkStrategy.forMonotonousTimestamps[String](), "k").print()
    env.execute()
  }
}
