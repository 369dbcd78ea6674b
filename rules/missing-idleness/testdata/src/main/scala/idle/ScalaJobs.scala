package idle

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows
import org.apache.flink.streaming.api.windowing.time.Time
import org.apache.flink.table.api._
import org.apache.flink.table.api.bridge.scala.StreamTableEnvironment

object ScalaJobs {
  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    val strategy = WatermarkStrategy.forMonotonousTimestamps[String]() // want "a KafkaSource"
    env.fromSource(kafka, strategy, "clicks")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce((a, b) => a).print()

    val idle = WatermarkStrategy.forMonotonousTimestamps[String]().withIdleness(java.time.Duration.ofMinutes(1))
    env.fromSource(kafka, idle, "orders")
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce((a, b) => a).print()
  }

  // A demo that only prints or maps its stream: nothing downstream waits for its watermark.
  def printOnly(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    val strategy = WatermarkStrategy.forMonotonousTimestamps[String]()
    env.fromSource(kafka, strategy, "clicks").map(_.trim).print()
    env.socketTextStream("localhost", 9999)
      .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[String]())
      .union(env.fromSource(kafka, WatermarkStrategy.noWatermarks[String](), "orders"))
      .print()
  }

  // A table with a rowtime attribute keeps the stream's event time for the queries on it.
  def handedOver(env: StreamExecutionEnvironment, kafka: KafkaSource[String], tEnv: StreamTableEnvironment): Unit = {
    val strategy = WatermarkStrategy.forMonotonousTimestamps[String]() // want "a KafkaSource"
    tEnv.fromDataStream(env.fromSource(kafka, strategy, "clicks"), $"f0", $"ts".rowtime)
  }
}
