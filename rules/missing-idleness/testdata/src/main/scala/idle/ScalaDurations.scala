package idle

import scala.concurrent.duration.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows

/** A file that imports Scala's Duration: the fix names java.time.Duration in full. */
object ScalaDurations {
  val timeout: Duration = Duration(5, "s")

  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    val strategy = WatermarkStrategy.forMonotonousTimestamps[String]() // want "a KafkaSource"
    env.fromSource(kafka, strategy, "clicks")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(java.time.Duration.ofMinutes(1))).reduce((a, b) => a).print()
  }
}
