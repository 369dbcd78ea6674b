package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.api.common.serialization.SimpleStringSchema
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.TimerService
import org.apache.flink.streaming.api.functions.KeyedProcessFunction
import org.apache.flink.streaming.api.scala._
import org.apache.flink.util.Collector

/** Event-time timers in Scala, reached through values and helpers. */
object ScalaTimers {
  def kafka(topic: String): KafkaSource[String] = KafkaSource.builder[String]()
    .setBootstrapServers("kafka:9092")
    .setTopics(topic)
    .setValueOnlyDeserializer(new SimpleStringSchema())
    .build()

  def violations(env: StreamExecutionEnvironment): Unit = {
    env.fromSource(kafka("a"), WatermarkStrategy.noWatermarks[String](), "direct")
      .keyBy(s => s)
      .process(new Expire) // want "^event-time timers never fire: no watermarks from KafkaSource\\n"
      .print()

    val expire = new ExpireLater
    val events = env.fromSource(kafka("b"), WatermarkStrategy.noWatermarks[String](), "value")
    events.keyBy(s => s)
      .process(expire) // want "^event-time timers never fire: no watermarks from KafkaSource\\n"
      .print()

    expireAll(env.fromSource(kafka("c"), WatermarkStrategy.noWatermarks[String](), "passed"))
  }

  def expireAll(in: DataStream[String]): Unit =
    in.keyBy(s => s).process(new Expire).print() // want "^event-time timers never fire: no watermarks from KafkaSource\\n"

  def lookAlikes(env: StreamExecutionEnvironment): Unit = {
    env.fromSource(kafka("d"), WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)), "watermarked")
      .keyBy(s => s)
      .process(new Expire)
      .print()

    env.fromElements("a", "b").keyBy(s => s).process(new ExpireLater).print()
  }

  class Expire extends KeyedProcessFunction[String, String, String] {
    override def processElement(value: String, ctx: KeyedProcessFunction[String, String, String]#Context, out: Collector[String]): Unit =
      Arm.after(ctx.timerService, 60000L)
  }

  class ExpireLater extends Expire {
    override def onTimer(ts: Long, ctx: KeyedProcessFunction[String, String, String]#OnTimerContext, out: Collector[String]): Unit =
      out.collect(ctx.getCurrentKey)
  }
}

object Arm {
  def after(timers: TimerService, ms: Long): Unit =
    timers.registerEventTimeTimer(timers.currentWatermark() + ms)
}
