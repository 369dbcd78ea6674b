package idle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/** Helpers that call each other, strategies and sources held in definitions that refer to each other. */
public class Cycles {
    static final KafkaSource<String> FIRST = SECOND;
    static final KafkaSource<String> SECOND = FIRST;

    void run(StreamExecutionEnvironment env) {
        ping(env.fromElements("a", "b"), 3);
        ping(env.socketTextStream("localhost", 9999), 3);
        Windows.perMinute(env.fromSource(FIRST, WatermarkStrategy.forMonotonousTimestamps(), "cyclic constant")); // want "a KafkaSource"
        DataStream<String> looped = relay(env.fromElements("x"));
        Windows.perMinute(looped.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()).union(looped)); // want "combined with another by union"
    }

    void ping(DataStream<String> s, int n) {
        if (n > 0) {
            pong(s.filter(x -> true), n - 1);
        }
        Windows.perMinute(s.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()).union(s)); // want "combined with another by union"
    }

    void pong(DataStream<String> s, int n) {
        ping(s.map(x -> x), n);
    }

    void testOnly(StreamExecutionEnvironment env) {
        bounce(env.fromElements("a", "b"), 3);
    }

    void bounce(DataStream<String> s, int n) {
        if (n > 0) {
            back(s.filter(x -> true), n - 1);
        }
        Windows.perMinute(s.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()).union(s));
    }

    void back(DataStream<String> s, int n) {
        bounce(s.map(x -> x), n);
    }

    DataStream<String> relay(DataStream<String> s) {
        return relayAgain(s);
    }

    DataStream<String> relayAgain(DataStream<String> s) {
        return relay(s);
    }

    WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1));
}
