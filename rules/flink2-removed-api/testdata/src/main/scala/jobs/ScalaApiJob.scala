package jobs

import org.apache.flink.streaming.api.scala._ // want "the Scala APIs of Flink .* are removed in Flink 2.0 \\(the project targets Flink 2.0.0, per pom.xml\\): call the Java DataStream API from Scala"
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.streaming.api.windowing.time.Time

object ScalaApiJob {
  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment
    env
      .fromElements(("a", 1L), ("b", 2L))
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Time.seconds(5))) // want "Time \\(org.apache.flink.streaming.api.windowing.time.Time"
      .sum(1)
      .print()
    env.execute("scala")
  }
}
