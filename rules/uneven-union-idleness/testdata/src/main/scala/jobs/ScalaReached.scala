package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.datastream.BroadcastStream
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.streaming.api.windowing.time.Time

class ScalaExtractor extends BoundedOutOfOrdernessTimestampExtractor[String](Time.seconds(5)) {
  override def extractTimestamp(s: String): Long = s.toLong
}

/** The shapes of ScalaCombined, reached through values and helpers. */
object ScalaReached {
  def violations(env: StreamExecutionEnvironment, events: DataStream[String]): Unit = {
    val stamped = events.assignTimestampsAndWatermarks(
      WatermarkStrategy.forMonotonousTimestamps[String]().withIdleness(Duration.ofMinutes(1)))

    val socket = env.socketTextStream("localhost", 9999)
    val merged = stamped.union(socket) // want "union combines a stream with watermarks with the other side, which has none"
    perMinute(merged)

    stamped.keyBy(s => s)
      .connect(quietRules(env)) // want "connect combines a stream with watermarks with the broadcast side, which has none"
      .process(new ScalaAlerts)
      .print()

    legacy(env).union(stamped) // want "(?s)union combines an input with withIdleness and one whose generator has none\n.*the input of ScalaExtractor is quiet"
      .keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .reduce(_ + _)
      .print()
  }

  def perMinute(in: DataStream[String]): Unit =
    in.keyBy(s => s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(_ + _).print()

  def quietRules(env: StreamExecutionEnvironment): BroadcastStream[String] =
    env.socketTextStream("localhost", 9998).broadcast(ScalaCombined.Rules)

  def legacy(env: StreamExecutionEnvironment): DataStream[String] =
    env.socketTextStream("localhost", 9997).assignTimestampsAndWatermarks(new ScalaExtractor)

  def lookAlikes(env: StreamExecutionEnvironment, events: DataStream[String]): Unit = {
    // Bounded rules built by a helper.
    events.keyBy(s => s).connect(snapshot(env)).process(new ScalaAlerts).print()
  }

  def snapshot(env: StreamExecutionEnvironment): BroadcastStream[String] =
    env.fromElements("r1").broadcast(ScalaCombined.Rules)
}
