package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{TumblingEventTimeWindows, TumblingProcessingTimeWindows}

object ScalaJobs {
  def violations(env: StreamExecutionEnvironment): Unit = {
    env.socketTextStream("localhost", 9999)
      .keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "^event-time window on records without timestamps \\(socketTextStream\\)\\n"
      .reduce(_ + _)
      .print()
  }

  def lookAlikes(env: StreamExecutionEnvironment): Unit = {
    // Assigned again before the window reads it.
    var stream = env.socketTextStream("localhost", 9999)
    stream = stream.assignAscendingTimestamps(_.length.toLong)
    stream.keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
      .reduce(_ + _)
      .print()

    env.socketTextStream("localhost", 9999)
      .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps[String]().withTimestampAssigner(
        new org.apache.flink.api.common.eventtime.SerializableTimestampAssigner[String] {
          override def extractTimestamp(s: String, ts: Long): Long = s.length.toLong
        }))
      .keyBy(s => s)
      .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
      .reduce(_ + _)
      .print()

    env.socketTextStream("localhost", 9999)
      .keyBy(s => s)
      .window(TumblingProcessingTimeWindows.of(Duration.ofSeconds(10)))
      .reduce(_ + _)
      .print()
  }
}
