package jobs

import java.time.Duration

import org.apache.flink.api.common.serialization.{SimpleStringEncoder, SimpleStringSchema}
import org.apache.flink.connector.file.sink.FileSink
import org.apache.flink.connector.kafka.sink.{KafkaRecordSerializationSchema, KafkaSink}
import org.apache.flink.core.fs.Path
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{TumblingEventTimeWindows, TumblingProcessingTimeWindows}
import org.apache.flink.streaming.api.windowing.time.Time

object ScalaLateFirings {
  val Lateness: Time = Time.minutes(5)

  def kafka: KafkaSink[String] = KafkaSink.builder[String]()
    .setBootstrapServers("kafka:9092")
    .setRecordSerializer(KafkaRecordSerializationSchema.builder[String]()
      .setTopic("counts").setValueSerializationSchema(new SimpleStringSchema()).build())
    .build()

  def run(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .allowedLateness(Lateness) // want "(?s)^KafkaSink appends each late firing.*replace .*Lateness\\) with.* a TumblingEventTimeWindows window"
      .sum(1)
      .map(t => s"${t._1},${t._2}")
      .sinkTo(kafka)

    val sums = keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .allowedLateness(Time.minutes(1)) // want "^FileSink appends each late firing"
      .sum(1)
    sums.map(_.toString)
      .sinkTo(FileSink.forRowFormat(new Path("/out"), new SimpleStringEncoder[String]()).build())

    keyed
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .allowedLateness(Time.minutes(1)) // printed: the repeated lines are what a demo shows
      .sum(1)
      .print
  }

  // Look-alikes: no lateness, processing time, a keyed step downstream.
  def lookAlikes(keyed: KeyedStream[(String, Long), String]): Unit = {
    keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum(1).print()
    keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).allowedLateness(Time.seconds(0)).sum(1).print()
    keyed.window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).allowedLateness(Lateness).sum(1).print()
    keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .allowedLateness(Lateness)
      .sum(1)
      .keyBy(_._1)
      .reduce((a, b) => if (a._2 >= b._2) a else b)
      .map(_.toString)
      .sinkTo(kafka)
  }
}
