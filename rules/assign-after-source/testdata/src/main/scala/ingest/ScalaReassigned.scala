package ingest

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.api.common.typeinfo.Types
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy
import org.apache.flink.connector.datagen.source.DataGeneratorSource
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._

object ScalaReassigned {
  val AtSource: WatermarkStrategy[String] =
    WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1))

  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    env
      .fromSource(kafka, AtSource, "clicks")
      .map(_.trim)
      .assignTimestampsAndWatermarks(AtSource) // want "^watermark strategy assigned again after fromSource, replacing AtSource\\n.*\\nnote: records of a lagging KafkaSource partition"
      .print()

    env
      .fromSource(kafka, WatermarkStrategy.noWatermarks[String](), "orders")
      .map(s => s.length.toLong)
      .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[Long]()) // want "instead of passed to it\\nhelp: move the map or flatMap before this call"
      .print()

    // A generator reads one split per subtask, and an unknown strategy may be anything.
    val gen = new DataGeneratorSource[String](i => "e" + i, Long.MaxValue, RateLimiterStrategy.perSecond(10), Types.STRING)
    env.fromSource(gen, WatermarkStrategy.noWatermarks[String](), "gen").assignTimestampsAndWatermarks(AtSource).print()
    env.fromSource(gen, AtSource, "gen").assignTimestampsAndWatermarks(AtSource).print()
  }

  def unknown(env: StreamExecutionEnvironment, kafka: KafkaSource[String], given: WatermarkStrategy[String]): Unit =
    env.fromSource(kafka, given, "a").assignTimestampsAndWatermarks(AtSource).print()
}
