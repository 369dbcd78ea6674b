package jobs

import java.time.Duration

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{GlobalWindows, TumblingEventTimeWindows, TumblingProcessingTimeWindows}
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger
import org.apache.flink.streaming.api.windowing.time.Time

object ScalaLateness {
  val Late = OutputTag[(String, Long)]("late")

  def run(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed
      .window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(Late) // want "never receives a record on TumblingProcessingTimeWindows"
      .sum(1)
    val windowed = keyed.window(GlobalWindows.create()).trigger(CountTrigger.of(3))
    windowed.allowedLateness(Time.minutes(2)) // want "no effect on GlobalWindows"
    windowed.sum(1).print()

    val onTime = keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .allowedLateness(Time.minutes(2))
      .sideOutputLateData(Late)
      .sum(1)
    onTime.getSideOutput(Late).print()
  }
}
