package jobs

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{GlobalWindows, TumblingEventTimeWindows}
import org.apache.flink.streaming.api.windowing.time.Time
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger

object ScalaReassigned {
  def run(keyed: KeyedStream[(String, Long), String]): Unit = {
    var w = keyed.window(GlobalWindows.create()).trigger(CountTrigger.of(3))
    w = w.allowedLateness(Time.seconds(1)) // want "no effect on GlobalWindows"
    w.sum(1).print()

    var onTime = keyed.window(TumblingEventTimeWindows.of(Time.minutes(1)))
    onTime = onTime.allowedLateness(Time.seconds(1))
    onTime.sum(1).print()
  }
}
