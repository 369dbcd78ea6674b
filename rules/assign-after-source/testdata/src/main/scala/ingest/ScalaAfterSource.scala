package ingest

import java.time.Duration
import java.util.Properties

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.api.common.serialization.SimpleStringSchema
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer

object ScalaAfterSource {
  val Strategy: WatermarkStrategy[String] =
    WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1))

  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    env
      .fromSource(kafka, WatermarkStrategy.noWatermarks[String](), "clicks")
      .map(_.trim)
      .assignTimestampsAndWatermarks(Strategy) // want "^watermark strategy assigned (again )?after fromSource.*\\n.*\\nnote: records of a lagging KafkaSource partition"
      .print()

    env.fromSource(kafka, Strategy, "clicks").print()
    env.fromElements("a", "b").assignTimestampsAndWatermarks(Strategy).print()
  }

  def legacy(env: StreamExecutionEnvironment, props: Properties): Unit = {
    env
      .addSource(new FlinkKafkaConsumer[String]("clicks", new SimpleStringSchema(), props))
      .assignTimestampsAndWatermarks(Strategy) // want "^watermark strategy assigned after addSource\\(FlinkKafkaConsumer\\) instead of on the consumer\\n"
      .print()

    val consumer = new FlinkKafkaConsumer[String]("orders", new SimpleStringSchema(), props)
    consumer.assignTimestampsAndWatermarks(Strategy)
    env.addSource(consumer).print()
  }
}
