package shapes

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._

/** Watermark alignment in Scala: a quiet split pauses the reading of the others. */
object ScalaAlignment {
  def violations(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    val aligned = WatermarkStrategy.forMonotonousTimestamps[String]() // want "on an aligned KafkaSource: a quiet split pauses"
      .withWatermarkAlignment("orders", Duration.ofSeconds(20), Duration.ofSeconds(1))
    env.fromSource(kafka, aligned, "aligned").map(_.trim).print()
  }

  def lookAlikes(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    env.fromSource(kafka, WatermarkStrategy.forMonotonousTimestamps[String]().withIdleness(Duration.ofMinutes(1))
      .withWatermarkAlignment("orders", Duration.ofSeconds(20)), "idle").print()

    env.fromSource(kafka, WatermarkStrategy.forMonotonousTimestamps[String](), "plain").print()
  }
}
