package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.api.common.state.MapStateDescriptor
import org.apache.flink.api.common.typeinfo.Types
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction
import org.apache.flink.streaming.api.scala._
import org.apache.flink.util.Collector

class ScalaAlerts extends KeyedBroadcastProcessFunction[String, String, String, String] {
  override def processElement(value: String, ctx: KeyedBroadcastProcessFunction[String, String, String, String]#ReadOnlyContext, out: Collector[String]): Unit =
    ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 1000)

  override def processBroadcastElement(value: String, ctx: KeyedBroadcastProcessFunction[String, String, String, String]#Context, out: Collector[String]): Unit = ()
}

object ScalaCombined {
  val Rules = new MapStateDescriptor[String, String]("rules", Types.STRING, Types.STRING)

  def violations(env: StreamExecutionEnvironment, events: DataStream[String]): Unit = {
    val stamped = events.assignTimestampsAndWatermarks(
      WatermarkStrategy.forMonotonousTimestamps[String]().withIdleness(Duration.ofMinutes(1)))
    stamped.keyBy(s => s)
      .connect(env.socketTextStream("localhost", 9999).broadcast(Rules)) // want "connect combines a stream with watermarks with the broadcast side, which has none"
      .process(new ScalaAlerts)
      .print()
  }

  def lookAlikes(env: StreamExecutionEnvironment, events: DataStream[String]): Unit = {
    // Bounded rules.
    events.keyBy(s => s)
      .connect(env.fromElements("r1").broadcast(Rules))
      .process(new ScalaAlerts)
      .print()
  }
}
