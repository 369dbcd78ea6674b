package shapes;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.DeltaTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.apache.flink.util.Collector;

import java.time.Duration;

/** Streams whose only time-dependent logic does not use event time: nothing waits for their watermark. */
public class OtherTime {
    void lookAlikes(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(20)), "delta")
            .keyBy(s -> s).window(GlobalWindows.create()).trigger(PurgingTrigger.of(DeltaTrigger.of(10.0, null, null)))
            .reduce((a, b) -> a).print();

        DataStream<String> counted = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "count");
        counted.keyBy(s -> s).countWindow(100).reduce((a, b) -> a).map(String::trim).print();

        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "processing")
            .keyBy(s -> s).window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a)
            .keyBy(s -> s).process(new Dedup()).print();

        // Its watermarks are replaced downstream: the second assigner ignores them.
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "replaced")
            .keyBy(s -> s).countWindow(10).reduce((a, b) -> a)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1)))
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }

    void violations(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        // A count window first, then an event-time window on its result.
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "then event time") // want "a KafkaSource"
            .keyBy(s -> s).countWindow(10).reduce((a, b) -> a)
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a).print();

        // A processing-time window, then a function with event-time timers.
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "timers") // want "a KafkaSource"
            .keyBy(s -> s).window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a)
            .keyBy(s -> s).process(new Timers()).print();

        // A global window, then a function the walk cannot see into.
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "unknown") // want "a KafkaSource"
            .keyBy(s -> s).window(GlobalWindows.create()).trigger(CountTrigger.of(5)).reduce((a, b) -> a)
            .transform("custom", org.apache.flink.api.common.typeinfo.Types.STRING, (org.apache.flink.streaming.api.operators.OneInputStreamOperator<String, String>) null).print();
    }

    static class Dedup extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            out.collect(value);
        }
    }

    static class Timers extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 1000);
        }
    }
}
