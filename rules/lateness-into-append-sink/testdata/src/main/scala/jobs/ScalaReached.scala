package jobs

import java.time.Duration

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.streaming.api.windowing.time.Time
import org.apache.flink.streaming.api.windowing.windows.TimeWindow

/** The shapes of ScalaLateFirings, reached through values and helpers. */
object ScalaReached {
  def sums(keyed: KeyedStream[(String, Long), String]): DataStream[(String, Long)] =
    keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .allowedLateness(Time.minutes(5)) // want "(?s)^KafkaSink appends each late firing.*replace .*Time.minutes\\(5\\)\\) with"
      .sum(1)

  def minutes(keyed: KeyedStream[(String, Long), String]): WindowedStream[(String, Long), String, TimeWindow] =
    keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))

  def publish(lines: DataStream[String]): Unit = lines.sinkTo(ScalaLateFirings.kafka)

  def run(keyed: KeyedStream[(String, Long), String]): Unit = {
    sums(keyed).map(_._1).sinkTo(ScalaLateFirings.kafka)

    val late = minutes(keyed)
      .allowedLateness(Time.minutes(2)) // want "(?s)^KafkaSink appends each late firing.*replace .*Time.minutes\\(2\\)\\) with"
      .sum(1)
    publish(late.map(_._1))

    minutes(keyed)
      .allowedLateness(Time.minutes(3)) // want "(?s)^KafkaSink appends each late firing.*replace .*Time.minutes\\(3\\)\\) with"
      .sum(1)
      .map(_._1).sinkTo(ScalaLateFirings.kafka)
  }

  def lookAlikes(keyed: KeyedStream[(String, Long), String]): Unit = {
    minutes(keyed).sum(1).map(_._1).sinkTo(ScalaLateFirings.kafka)
    sums(keyed).print()
  }
}
