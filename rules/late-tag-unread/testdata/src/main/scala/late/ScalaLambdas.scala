package late

import java.time.Duration

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows

// A window built inside a function given to a helper.
object ScalaLambdas {
  def step[T, R](in: DataStream[T], f: DataStream[T] => R): R = f(in)

  def lost(in: DataStream[(String, Long)]): Unit = {
    step(in, (s: DataStream[(String, Long)]) => s
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(ScalaTags.Late) // want "\"late-scala\" is lost: not read from the window operator"
      .sum(1))
      .print()
  }

  def read(in: DataStream[(String, Long)]): Unit = {
    val sums = step(in, (s: DataStream[(String, Long)]) => s
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(ScalaTags.Late)
      .sum(1))
    sums.getSideOutput(ScalaTags.Late).print()
  }
}
