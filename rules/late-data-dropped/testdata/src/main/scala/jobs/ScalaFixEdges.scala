package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.util.OutputTag

/** Shapes where late-data-dropped's Scala fix would not compile: no fix. */
object ScalaFixEdges {
  // Named here for another tag of the file; it shadows the Scala API's OutputTag, which has the apply the fix writes.
  val Other: OutputTag[String] = new OutputTag[String]("other") {}

  def events(env: StreamExecutionEnvironment): DataStream[(String, Long)] = env
    .fromSource(ScalaDropped.kafka, WatermarkStrategy.noWatermarks[String](), "events")
    .map(l => (l.split(",")(0), l.split(",")(1).toLong))
    .assignTimestampsAndWatermarks(
      WatermarkStrategy.forBoundedOutOfOrderness[(String, Long)](Duration.ofSeconds(5)).withTimestampAssigner(ScalaDropped.Assigner))

  // Java's OutputTag, imported by name: no fix.
  def javaTag(env: StreamExecutionEnvironment): Unit = {
    val in: DataStream[(String, Long)] = events(env)
    val sums = in.keyBy(_._1).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum(1) // want "drops late elements without a trace"
    sums.print()
  }
}
