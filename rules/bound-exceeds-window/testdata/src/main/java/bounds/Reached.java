package bounds;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

import java.time.Duration;

/** The shapes of Jobs and Legacy, reached through variables and helper methods. */
public class Reached {
    void violations(StreamExecutionEnvironment env, DataStream<String> in) {
        // The watermarked stream is handed to a helper that windows it.
        window(env.fromSource(Jobs.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(20)), "passed")) // want "bound of 20 min exceeds the 1 min size of TumblingEventTimeWindows"
            .print();

        // A helper returns the watermarked stream; the caller windows it.
        clicks(env).keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a)
            .print();

        // The assigner is kept in a variable, the size comes from a method.
        WindowAssigner<Object, TimeWindow> assigner = TumblingEventTimeWindows.of(size());
        env.fromSource(Jobs.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(25)), "variable") // want "bound of 25 min exceeds the 2 min size"
            .keyBy(s -> s)
            .window(assigner)
            .reduce((a, b) -> a)
            .print();

        // A helper returns the windowed stream.
        minutes(env.fromSource(Jobs.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(40)), "windowed").keyBy(s -> s)) // want "bound of 40 min exceeds the 1 min size"
            .reduce((a, b) -> a)
            .print();

        // The legacy extractor comes from a factory method (reported where its bound is).
        in.assignTimestampsAndWatermarks(extractor())
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a)
            .print();
    }

    private final WatermarkStrategy<String> lenient;

    Reached() {
        lenient = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(45)); // want "bound of 45 min exceeds the 1 min size"
    }

    void fromAField(StreamExecutionEnvironment env, DataStream<String> in) {
        env.fromSource(Jobs.kafka(), lenient.withTimestampAssigner((s, ts) -> ts), "field")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Jobs.WINDOW))
            .reduce((a, b) -> a)
            .print();

        // A class of the project that extends another that extends the legacy extractor.
        in.assignTimestampsAndWatermarks(new FiveMinutes()) // want "bound of 5 min exceeds the 1 min size"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a)
            .print();
    }

    static class Parsing extends BoundedOutOfOrdernessTimestampExtractor<String> {
        Parsing(Time bound) {
            super(bound);
        }

        @Override
        public long extractTimestamp(String s) {
            return Long.parseLong(s);
        }
    }

    static class FiveMinutes extends Parsing {
        FiveMinutes() {
            super(Time.minutes(5));
        }
    }

    void lookAlikes(StreamExecutionEnvironment env) {
        // The helper's window is longer than the bound.
        hours(env.fromSource(Jobs.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(20)), "hours")).print();
    }

    static DataStream<String> clicks(StreamExecutionEnvironment env) {
        return env.fromSource(Jobs.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(30)), "returned"); // want "bound of 30 min exceeds the 1 min size of TumblingEventTimeWindows"
    }

    static DataStream<String> window(DataStream<String> in) {
        return in.keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }

    static DataStream<String> hours(DataStream<String> in) {
        return in.keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofHours(1))).reduce((a, b) -> a);
    }

    static WindowedStream<String, String, TimeWindow> minutes(KeyedStream<String, String> keyed) {
        return keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)));
    }

    static Duration size() {
        return Duration.ofMinutes(2);
    }

    static BoundedOutOfOrdernessTimestampExtractor<String> extractor() {
        return new BoundedOutOfOrdernessTimestampExtractor<String>(Time.minutes(10)) { // want "bound of 10 min exceeds the 1 min size of TumblingEventTimeWindows"
            @Override
            public long extractTimestamp(String s) {
                return Long.parseLong(s);
            }
        };
    }
}
