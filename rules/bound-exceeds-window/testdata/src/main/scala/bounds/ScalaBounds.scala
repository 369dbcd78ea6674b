package bounds

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.api.common.serialization.SimpleStringSchema
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{EventTimeSessionWindows, TumblingEventTimeWindows, TumblingProcessingTimeWindows}
import org.apache.flink.streaming.api.windowing.time.Time

object Settings {
  val MaxDisorder: Duration = Duration.ofMinutes(20)
  val Window: Duration = Duration.ofMinutes(5)
}

class Extractor(bound: Time) extends BoundedOutOfOrdernessTimestampExtractor[String](bound) {
  override def extractTimestamp(s: String): Long = s.toLong
}

// The bound is fixed in the class header (trials: streaming-with-flink
// examples-scala's SensorTimeAssigner).
class FixedExtractor extends BoundedOutOfOrdernessTimestampExtractor[String](Time.minutes(7)) {
  override def extractTimestamp(s: String): Long = s.toLong
}

object ScalaBounds {
  def kafka: KafkaSource[String] = KafkaSource.builder[String]()
    .setBootstrapServers("kafka:9092")
    .setTopics("clicks")
    .setValueOnlyDeserializer(new SimpleStringSchema())
    .build()

  def violations(env: StreamExecutionEnvironment): Unit = {
    env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Settings.MaxDisorder), "clicks") // want "out-of-orderness bound of 20 min exceeds the 5 min size of TumblingEventTimeWindows"
      .keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Settings.Window))
      .reduce((a, _) => a)

    val strategy = WatermarkStrategy
      .forBoundedOutOfOrderness[String](Duration.ofHours(1)) // want "bound of 1 h exceeds the 10 min gap of EventTimeSessionWindows"
      .withTimestampAssigner(new org.apache.flink.api.common.eventtime.SerializableTimestampAssigner[String] {
        override def extractTimestamp(s: String, ts: Long): Long = s.toLong
      })
    val sessions = env.socketTextStream("localhost", 9999).assignTimestampsAndWatermarks(strategy)
    sessions.keyBy(s => s).window(EventTimeSessionWindows.withGap(Duration.ofMinutes(10))).reduce((a, _) => a)

    env.socketTextStream("localhost", 9998)
      .assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor[String](Time.minutes(3)) { // want "bound of 3 min exceeds the 1 min size"
        override def extractTimestamp(s: String): Long = s.toLong
      })
      .keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Time.minutes(1)))
      .reduce((a, _) => a)

    env.socketTextStream("localhost", 9996)
      .assignTimestampsAndWatermarks(new FixedExtractor) // want "bound of 7 min exceeds the 5 min size"
      .keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Settings.Window))
      .reduce((a, _) => a)

    env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(-1)), "negative") // want "bound is negative \\(-1 s\\)"
      .print()
  }

  def lookAlikes(env: StreamExecutionEnvironment, configured: Duration): Unit = {
    env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(10)), "a")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Settings.Window)).reduce((a, _) => a)
    env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](configured), "b")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Settings.Window)).reduce((a, _) => a)
    env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofHours(1)), "c")
      .keyBy(s => s).window(TumblingProcessingTimeWindows.of(Settings.Window)).reduce((a, _) => a)
    env.fromElements("1", "2")
      .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofHours(1)))
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Settings.Window)).reduce((a, _) => a)
    // The bound is a parameter of the class: each construction decides it.
    env.socketTextStream("localhost", 9997).assignTimestampsAndWatermarks(new Extractor(Time.seconds(1)))
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Settings.Window)).reduce((a, _) => a)
  }
}
