package records

import java.time.Duration

import org.apache.flink.api.common.eventtime.{SerializableTimestampAssigner, WatermarkStrategy}
import org.apache.flink.api.common.serialization.SimpleStringSchema
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{TumblingEventTimeWindows, TumblingProcessingTimeWindows}
import org.apache.flink.streaming.api.windowing.time.Time

object ScalaJobs {
  val clicks: KafkaSource[String] = KafkaSource.builder[String]()
    .setBootstrapServers("localhost:9092")
    .setTopics("clicks")
    .setValueOnlyDeserializer(new SimpleStringSchema())
    .build()

  val eventTime: SerializableTimestampAssigner[String] = new SerializableTimestampAssigner[String] {
    override def extractTimestamp(line: String, recordTimestamp: Long): Long = line.split(",")(0).toLong
  }

  def violations(env: StreamExecutionEnvironment): Unit = {
    val strategy = WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5))
    env.fromSource(clicks, strategy, "clicks") // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce((a, b) => a).print()

    env.fromSource(clicks, WatermarkStrategy.noWatermarks[String](), "clicks")
      .filter(_.nonEmpty)
      .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[String]()) // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce((a, b) => a).print()
  }

  def lookAlikes(env: StreamExecutionEnvironment): Unit = {
    val stamped = WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5)).withTimestampAssigner(eventTime)
    env.fromSource(clicks, stamped, "clicks")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce((a, b) => a).print()

    // Processing time: the record timestamps are never read.
    env.fromSource(clicks, WatermarkStrategy.forMonotonousTimestamps[String](), "clicks")
      .keyBy(s => s).window(TumblingProcessingTimeWindows.of(Time.minutes(1))).reduce((a, b) => a).print()
  }
}
