package jobs

import java.time.Duration

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger

object ScalaAssigners {
  val Global: GlobalWindows = GlobalWindows.create()
  def global = GlobalWindows.create()
}

object ScalaViolations {
  def sameChain(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed.window(GlobalWindows.create()).reduce((a, b) => (a._1, a._2 + b._2)) // want "never fires"
  }

  def withoutParentheses(keyed: KeyedStream[(String, Long), String]): Unit =
    keyed.window(GlobalWindows.create).sum(1) // want "never fires"

  def windowedVal(keyed: KeyedStream[(String, Long), String]): Unit = {
    val windowed = keyed
      .window(GlobalWindows.create()) // want "never fires"
    windowed.max(1).print()
  }

  def windowAllFromAnObject(events: DataStream[(String, Long)]): Unit = {
    events.windowAll(ScalaAssigners.Global).sum(1) // want "never fires"
    events.windowAll(ScalaAssigners.global).sum(1) // want "never fires"
  }

  def infix(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed window GlobalWindows.create() sum 1 // want "never fires"
  }
}

object ScalaLookAlikes {
  def triggered(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed.window(GlobalWindows.create()).trigger(CountTrigger.of(10)).sum(1)
    val windowed = keyed.window(GlobalWindows.create)
    windowed.trigger(CountTrigger.of(10))
    windowed.reduce((a, b) => (a._1, a._2 + b._2)).print()
  }

  def counted(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed.countWindow(10).sum(1)
    // keyed.window(GlobalWindows.create()).sum(1)
    val text = "keyed.window(GlobalWindows.create()).sum(1)"
    keyed.countWindow(10, 2).sum(1).name(text)
    keyed.window(GlobalWindows.createWithEndOfStreamTrigger()).sum(1)
  }
}

object ScalaCasts {
  import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner
  import org.apache.flink.streaming.api.windowing.windows.GlobalWindow

  def cast(events: DataStream[(String, Long)]): Unit =
    events.windowAll(GlobalWindows.create().asInstanceOf[WindowAssigner[Any, GlobalWindow]]).sum(1) // want "never fires"
}
