package idle

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._

object ScalaJobs {
  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    val strategy = WatermarkStrategy.forMonotonousTimestamps[String]() // want "a KafkaSource"
    env.fromSource(kafka, strategy, "clicks").print()

    val idle = WatermarkStrategy.forMonotonousTimestamps[String]().withIdleness(java.time.Duration.ofMinutes(1))
    env.fromSource(kafka, idle, "orders").print()
  }
}
