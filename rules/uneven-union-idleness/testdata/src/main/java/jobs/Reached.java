package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

import java.time.Duration;

/** The shapes of Combined, reached through variables and helper methods. */
public class Reached {
    void violations(StreamExecutionEnvironment env) {
        // The broadcast side is built by a helper.
        DataStream<String> events = env.fromSource(Combined.kafka("events"), Combined.idle(), "events");
        events.keyBy(s -> s)
            .connect(quietRules(env)) // want "connect combines a stream with watermarks with the broadcast side, which has none"
            .process(new Combined.Alerts())
            .print();

        // The window's assigner is kept in a variable.
        WindowAssigner<Object, TimeWindow> minute = TumblingEventTimeWindows.of(Duration.ofMinutes(1));
        DataStream<String> socket = env.socketTextStream("localhost", 9999);
        DataStream<String> merged = events.union(socket); // want "union combines a stream with watermarks with the other side, which has none"
        merged.keyBy(s -> s).window(minute).reduce((a, b) -> a + b).print();

        // The combined stream is windowed by a helper.
        perMinute(events.union(env.socketTextStream("localhost", 9998))); // want "union combines a stream with watermarks with the other side, which has none"

        // The union is made by a helper (reported there); the window follows its result.
        union(events, env.socketTextStream("localhost", 9997))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // The legacy assigner is a class of the project, applied in a helper.
        legacy(env).union(events) // want "(?s)union combines an input with withIdleness and one whose generator has none\n.*the input of Extractor is quiet"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env) {
        // The helper's broadcast side has idleness.
        DataStream<String> events = env.fromSource(Combined.kafka("events"), Combined.idle(), "events");
        events.keyBy(s -> s).connect(idleRules(env)).process(new Combined.Alerts()).print();
    }

    static BroadcastStream<String> quietRules(StreamExecutionEnvironment env) {
        return env.fromSource(Combined.kafka("rules"), WatermarkStrategy.noWatermarks(), "rules").broadcast(Combined.RULES);
    }

    static BroadcastStream<String> idleRules(StreamExecutionEnvironment env) {
        return env.fromSource(Combined.kafka("rules"), Combined.idle(), "rules").broadcast(Combined.RULES);
    }

    static void perMinute(DataStream<String> in) {
        in.keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a + b).print();
    }

    static DataStream<String> union(DataStream<String> a, DataStream<String> b) {
        return a.union(b); // want "union combines a stream with watermarks with the other side, which has none"
    }

    static DataStream<String> legacy(StreamExecutionEnvironment env) {
        return env.addSource(new Combined.Ticks()).assignTimestampsAndWatermarks(new Extractor());
    }

    static class Extractor extends BoundedOutOfOrdernessTimestampExtractor<String> {
        Extractor() {
            super(Time.seconds(5));
        }

        @Override
        public long extractTimestamp(String s) {
            return Long.parseLong(s);
        }
    }
}
