package jobs

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows
import org.apache.flink.streaming.api.windowing.time.Time
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger

object ScalaReassigned {
  def noTrigger(keyed: KeyedStream[(String, Long), String]): Unit = {
    var w = keyed.window(GlobalWindows.create()) // want "never fires"
    w = w.allowedLateness(Time.seconds(1))
    w.sum(1).print()
  }

  def triggerReassigned(keyed: KeyedStream[(String, Long), String]): Unit = {
    var w = keyed.window(GlobalWindows.create())
    w = w.trigger(CountTrigger.of(3))
    w.sum(1).print()
  }
}
