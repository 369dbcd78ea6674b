package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows

/** late-data-dropped's fix in Scala: the element type from a val's declared type. */
object ScalaSideOutputFixes {
  def run(env: StreamExecutionEnvironment): Unit = {
    val events: DataStream[(String, Long)] = env
      .fromSource(ScalaDropped.kafka, WatermarkStrategy.noWatermarks[String](), "events")
      .map(l => (l.split(",")(0), l.split(",")(1).toLong))
      .assignTimestampsAndWatermarks(
        WatermarkStrategy.forBoundedOutOfOrderness[(String, Long)](Duration.ofSeconds(5)).withTimestampAssigner(ScalaDropped.Assigner))
    val sums = events
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
      .sum(1)
    sums.print()
  }

  // No declared type shows the elements: no fix.
  def inferred(env: StreamExecutionEnvironment): Unit = {
    val events = env
      .fromSource(ScalaDropped.kafka, WatermarkStrategy.noWatermarks[String](), "events")
      .map(l => (l.split(",")(0), l.split(",")(1).toLong))
      .assignTimestampsAndWatermarks(
        WatermarkStrategy.forBoundedOutOfOrderness[(String, Long)](Duration.ofSeconds(5)).withTimestampAssigner(ScalaDropped.Assigner))
    val sums = events.keyBy(_._1).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum(1) // want "drops late elements without a trace"
    sums.print()
  }

  // A type parameter: Flink could not extract it from the tag. No fix.
  def generic[V1 <: AnyRef](in: DataStream[V1]): Unit = {
    val values: DataStream[V1] = in
    val out = values.keyBy((v: V1) => v.hashCode).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a: V1, _: V1) => a) // want "drops late elements without a trace"
    out.print()
  }

  def callsGeneric(env: StreamExecutionEnvironment): Unit = generic(events(env))

  def events(env: StreamExecutionEnvironment): DataStream[(String, Long)] = env
    .fromSource(ScalaDropped.kafka, WatermarkStrategy.noWatermarks[String](), "events")
    .map(l => (l.split(",")(0), l.split(",")(1).toLong))
    .assignTimestampsAndWatermarks(
      WatermarkStrategy.forBoundedOutOfOrderness[(String, Long)](Duration.ofSeconds(5)).withTimestampAssigner(ScalaDropped.Assigner))
}
