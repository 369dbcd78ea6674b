package jobs

import org.apache.flink.streaming.api.scala._ // want "Flink 2.0 removed its Scala APIs \\(pom.xml targets Flink 2.0.0\\)\\nhelp: call the Java DataStream API from Scala"
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.streaming.api.windowing.time.Time

object ScalaApiJob {
  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment
    env
      .fromElements(("a", 1L), ("b", 2L))
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Time.seconds(5))) // want "removed Flink's Time class"
      .sum(1)
      .print()
    env.execute("scala")
  }
}
