package jobs

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows

// No dot before the window: an infix call, which the prefilter must pass.
object ScalaInfix {
  def parenthesized(keyed: KeyedStream[(String, Long), String]): Unit =
    (keyed window(GlobalWindows.create())).sum(1) // want "never fires"
}
