package importorder

import java.util.Objects

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows

// scalafmt with import groups (java, then the rest), each sorted: the fix's
// import of java.time.Duration joins the java group at its sorted place.
object ScalaImportGroups {
  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    env.fromSource(kafka, WatermarkStrategy.forMonotonousTimestamps[String](), "clicks") // want "a KafkaSource"
      .filter(s => Objects.nonNull(s))
      .keyBy(s => s).window(TumblingEventTimeWindows.of(java.time.Duration.ofMinutes(1))).reduce((a, b) => a).print()
  }
}
