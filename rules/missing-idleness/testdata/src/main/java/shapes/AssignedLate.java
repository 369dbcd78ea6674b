package shapes;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** Kafka read without watermarks, the strategy assigned after the source: each subtask's assigner still stalls. */
public class AssignedLate {
    void violations(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "k").map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(3)).withTimestampAssigner((e, t) -> 0L)) // want "a strategy assigned to a stream read from a KafkaSource"
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);

        DataStream<String> raw = env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "raw");
        DataStream<String> parsed = raw.filter(s -> !s.isEmpty());
        WatermarkStrategy<String> ws = WatermarkStrategy.forMonotonousTimestamps(); // want "to a stream read from a KafkaSource"
        parsed.assignTimestampsAndWatermarks(ws).keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }

    void lookAlikes(StreamExecutionEnvironment env, KafkaSource<String> kafka, KafkaSource<String> bounded) {
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "idle").map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1)))
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);

        // After a keyBy the records are redistributed: every subtask of the assigner gets some (not this shape).
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "keyed").keyBy(s -> s).map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps())
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);

        // A count window only.
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "count").map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps())
            .keyBy(s -> s).window(GlobalWindows.create()).reduce((a, b) -> a);

        // Printed or written out only: nothing waits for the watermark (assign-after-source still reports the placement).
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "printed").map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps()).print();
        DataStream<String> sunk = env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "sunk")
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps());
        sunk.process(new Split()).getSideOutput(null).addSink(null);

        KafkaSource<String> ends = KafkaSource.<String>builder().setTopics("t").setBounded(OffsetsInitializer.latest()).build();
        env.fromSource(ends, WatermarkStrategy.noWatermarks(), "bounded").map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps())
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }

    static class Split extends org.apache.flink.streaming.api.functions.ProcessFunction<String, String> {
        @Override
        public void processElement(String value, Context ctx, org.apache.flink.util.Collector<String> out) {
            out.collect(value);
        }
    }
}
