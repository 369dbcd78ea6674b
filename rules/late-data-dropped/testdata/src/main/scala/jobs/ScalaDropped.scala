package jobs

import java.time.Duration

import org.apache.flink.api.common.RuntimeExecutionMode
import org.apache.flink.api.common.eventtime.{SerializableTimestampAssigner, WatermarkStrategy}
import org.apache.flink.api.common.serialization.SimpleStringSchema
import org.apache.flink.api.connector.source.{Source, SourceSplit}
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{EventTimeSessionWindows, TumblingEventTimeWindows}
import org.apache.flink.streaming.api.windowing.time.Time

object ScalaDropped {
  val Late = OutputTag[(String, Long)]("late")

  def kafka: KafkaSource[String] = KafkaSource.builder[String]()
    .setBootstrapServers("kafka:9092").setTopics("events")
    .setValueOnlyDeserializer(new SimpleStringSchema()).build()

  val Assigner: SerializableTimestampAssigner[(String, Long)] = new SerializableTimestampAssigner[(String, Long)] {
    override def extractTimestamp(e: (String, Long), ts: Long): Long = e._2
  }

  def run(env: StreamExecutionEnvironment): Unit = {
    val events = env
      .fromSource(kafka, WatermarkStrategy.noWatermarks[String](), "events")
      .map(l => (l.split(",")(0), l.split(",")(1).toLong))
      .assignTimestampsAndWatermarks(
        WatermarkStrategy.forBoundedOutOfOrderness[(String, Long)](Duration.ofSeconds(5)).withTimestampAssigner(Assigner))
    events
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "^TumblingEventTimeWindows window drops late elements(?s:.*)help: before .sum\\(...\\)"
      .sum(1)
      .print()
    events.keyBy(_._1).window(EventTimeSessionWindows.withGap(Duration.ofMinutes(5))).max(1).print() // want "EventTimeSessionWindows window"

    // Look-alikes: late data kept.
    events.keyBy(_._1).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).allowedLateness(Time.minutes(1)).sum(1).print()
    val sums = events.keyBy(_._1).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sideOutputLateData(Late).sum(1)
    sums.getSideOutput(Late).print()
  }

  def bounded(env: StreamExecutionEnvironment): Unit = {
    env.fromElements(("a", 1L), ("b", 2L))
      .assignAscendingTimestamps(_._2)
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sum(1)
      .print()
  }

  def batch(files: Source[String, _ <: SourceSplit, _]): Unit = {
    // BATCH refuses unbounded sources, so this one ends, whatever it is
    val env = StreamExecutionEnvironment.getExecutionEnvironment
    env.setRuntimeMode(RuntimeExecutionMode.BATCH)
    env
      .fromSource(files, WatermarkStrategy.forBoundedOutOfOrderness[String](Duration.ofSeconds(5)), "events")
      .map(l => (l, 1L))
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sum(1)
      .print()
  }

  def monotonousPerSplit(env: StreamExecutionEnvironment): Unit = {
    env
      .fromSource(kafka, WatermarkStrategy.forMonotonousTimestamps[String](), "events")
      .map(l => (l, 1L))
      .keyBy(_._1)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sum(1)
      .print()
  }
}
