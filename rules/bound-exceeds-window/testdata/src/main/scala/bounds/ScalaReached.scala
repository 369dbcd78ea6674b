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
    env.fromSource(ScalaBounds.kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofMinutes(30)), "returned") // want "bound \\(30 min\\) is larger than the size \\(5 min\\) of the TumblingEventTimeWindows window at ScalaReached.scala:25"

  def violations(env: StreamExecutionEnvironment, in: DataStream[String]): Unit = {
    perMinute(env.fromSource(ScalaBounds.kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofMinutes(20)), "passed")).print() // want "bound \\(20 min\\) is larger than the size \\(1 min\\) of the TumblingEventTimeWindows window at ScalaReached.scala:16"

    val windowSize = Settings.Window
    clicks(env).keyBy(s => s).window(TumblingEventTimeWindows.of(windowSize)).reduce((a, _) => a).print()

    val strategy = WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofMinutes(15)) // want "bound \\(15 min\\) is larger than the size \\(1 min\\)"
    perMinute(env.fromSource(ScalaBounds.kafka, strategy.withIdleness(Duration.ofMinutes(1)), "variable")).print()

    perMinute(in.assignTimestampsAndWatermarks(new NineMinutes)).print() // want "bound \\(9 min\\) is larger than the size \\(1 min\\)"
  }

  def lookAlikes(env: StreamExecutionEnvironment): Unit = {
    env.fromSource(ScalaBounds.kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(30)), "small")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, _) => a).print()
  }
}
