package ingest

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._

object ScalaAfterSource {
  val Strategy: WatermarkStrategy[String] =
    WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1))

  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    env
      .fromSource(kafka, WatermarkStrategy.noWatermarks[String](), "clicks")
      .map(_.trim)
      .assignTimestampsAndWatermarks(Strategy) // want "KafkaSource partition"
      .print()

    env.fromSource(kafka, Strategy, "clicks").print()
    env.fromElements("a", "b").assignTimestampsAndWatermarks(Strategy).print()
  }
}
