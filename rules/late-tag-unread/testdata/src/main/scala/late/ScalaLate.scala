package late

import java.time.Duration

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows

object ScalaTags {
  val Late: OutputTag[(String, Long)] = OutputTag[(String, Long)]("late-scala")
}

object ScalaLate {
  def lost(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(ScalaTags.Late) // want "\"late-scala\" is lost: not read from the window operator"
      .sum(1)
      .print()
  }

  def read(keyed: KeyedStream[(String, Long), String]): Unit = {
    val sums = keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(ScalaTags.Late)
      .sum(1)
    sums.getSideOutput(OutputTag[(String, Long)]("late-scala")).print()
  }

  def readInfix(keyed: KeyedStream[(String, Long), String]): Unit = {
    val sums = keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(ScalaTags.Late)
      .sum(1)
    sums getSideOutput ScalaTags.Late map (_._1) print
  }

  def unreadVal(keyed: KeyedStream[(String, Long), String]): Unit = {
    val sums = keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(ScalaTags.Late) // want "\"late-scala\" is lost: not read from the window operator"
      .sum(1)
      .name("sums")
    sums.print()
  }
}
