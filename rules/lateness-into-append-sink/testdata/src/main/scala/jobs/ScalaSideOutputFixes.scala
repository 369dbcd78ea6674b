package jobs

import java.time.Duration

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.streaming.api.windowing.time.Time

/** lateness-into-append-sink's fix in Scala: the element type from a val's declared type. */
object ScalaSideOutputFixes {
  def run(in: KeyedStream[(String, Long), String]): Unit = {
    val keyed: KeyedStream[(String, Long), String] = in
    val sums = keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .allowedLateness(Time.minutes(5)) // want "KafkaSink appends each late firing"
      .sum(1)
    sums.map(t => s"${t._1},${t._2}").sinkTo(ScalaLateFirings.kafka)
  }

  // allowedLateness as a statement of its own: the tag is declared before it.
  def statement(in: KeyedStream[(String, Long), String]): Unit = {
    val keyed: KeyedStream[(String, Long), String] = in
    val windowed = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
    windowed.allowedLateness(Time.minutes(5)) // want "KafkaSink appends each late firing"
    val sums = windowed.sum(1)
    sums.map(t => s"${t._1},${t._2}").sinkTo(ScalaLateFirings.kafka)
  }
}
