package jobs

import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows

/** Bounded input: the fix fires the global window once, at the end of the input. */
object ScalaBounded {
  def run(env: StreamExecutionEnvironment): Unit = {
    env.fromElements(("a", 1L), ("b", 2L), ("a", 3L))
      .keyBy(_._1)
      .window(GlobalWindows.create()) // want "never fires\\nhelp: use GlobalWindows.createWithEndOfStreamTrigger\\(\\)"
      .sum(1)
      .print()
  }
}
