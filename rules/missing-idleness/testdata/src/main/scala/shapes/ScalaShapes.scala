package shapes

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{GlobalWindows, TumblingEventTimeWindows}
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger
import org.apache.flink.table.api.{DataTypes, Schema, Table, TableDescriptor}

object ScalaShapes {
  def lookAlikes(env: StreamExecutionEnvironment, kafka: KafkaSource[String], rows: Table): Unit = {
    // Files read once, joined: they end and emit the final watermark.
    val a = env.readTextFile("a.csv").assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[String]())
    val b = env.readTextFile("b.csv").assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[String]())
    a.keyBy(s => s).intervalJoin(b.keyBy(s => s)).between(org.apache.flink.streaming.api.windowing.time.Time.seconds(-5), org.apache.flink.streaming.api.windowing.time.Time.seconds(5)).process[String](null)

    // A global window with a count trigger is the only consumer.
    env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(20)), "k")
      .keyBy(s => s).window(GlobalWindows.create()).trigger(CountTrigger.of(10)).reduce((x, y) => x).print()

    // A sink's watermark is never used.
    rows.executeInsert(TableDescriptor.forConnector("kafka")
      .schema(Schema.newBuilder().column("t", DataTypes.TIMESTAMP_LTZ(3)).watermark("t", "t - INTERVAL '10' SECOND").build())
      .option("topic", "tx").format("json").build())
  }

  def violations(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    env.fromSource(kafka, WatermarkStrategy.noWatermarks[String](), "k").map(_.trim)
      .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[String]()) // want "to a stream read from a KafkaSource"
      .keyBy(s => s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((x, y) => x)

    val socket = env.socketTextStream("localhost", 9999)
      .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[String]()) // want "combined with another by union"
    socket.union(env.socketTextStream("localhost", 9998)).keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((x, y) => x)
  }
}
