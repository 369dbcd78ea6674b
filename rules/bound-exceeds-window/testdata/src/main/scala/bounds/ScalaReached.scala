package bounds

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.streaming.api.windowing.time.Time

// Extends a class of the project that extends the legacy extractor.
class NineMinutes extends Extractor(Time.minutes(9))

/** The shapes of ScalaBounds, reached through values and helpers. */
object ScalaReached {
  def perMinute(in: DataStream[String]): DataStream[String] =
    in.keyBy(s => s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, _) => a)

  def clicks(env: StreamExecutionEnvironment): DataStream[String] =
    env.fromSource(ScalaBounds.kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofMinutes(30)), "returned") // want "bound of 30 min exceeds the 5 min size of TumblingEventTimeWindows"

  def violations(env: StreamExecutionEnvironment, in: DataStream[String]): Unit = {
    perMinute(env.fromSource(ScalaBounds.kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofMinutes(20)), "passed")).print() // want "bound of 20 min exceeds the 1 min size of TumblingEventTimeWindows"

    val windowSize = Settings.Window
    clicks(env).keyBy(s => s).window(TumblingEventTimeWindows.of(windowSize)).reduce((a, _) => a).print()

    val strategy = WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofMinutes(15)) // want "bound of 15 min exceeds the 1 min size"
    perMinute(env.fromSource(ScalaBounds.kafka, strategy.withIdleness(Duration.ofMinutes(1)), "variable")).print()

    perMinute(in.assignTimestampsAndWatermarks(new NineMinutes)).print() // want "bound of 9 min exceeds the 1 min size"
  }

  def lookAlikes(env: StreamExecutionEnvironment): Unit = {
    env.fromSource(ScalaBounds.kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(30)), "small")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, _) => a).print()
  }
}
