package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.ev;
import static dev.flinklint.semantics.Support.events;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * lateness-into-append-sink: with allowedLateness, every late element fires its window again
 * with the updated result. A sink that appends (here a list; a Kafka topic, files or a plain
 * INSERT alike) keeps both results of the window, so a sum over the sink counts the window
 * twice; a sink that upserts by key and window keeps the last one.
 */
class LatenessIntoAppendSinkTest {

    /** a@1200 arrives after watermark 5000, within an allowed lateness of 10 s. */
    static final List<Tuple2<String, Long>> DATA =
            events(ev("a", 1000), ev("a", 1500), ev("a", 5000), ev("a", 1200));

    static DataStream<String> counts(StreamExecutionEnvironment env) {
        return env.fromData(DATA, Types.TUPLE(Types.STRING, Types.LONG))
                .assignTimestampsAndWatermarks(Support.punctuated())
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofSeconds(10))
                .process(new Support.CountPerWindow())
                .map(s -> s); // a stateless step between the window and the sink
    }

    @Test
    void latenessIntoAppendSink_appendingSinkStoresTheWindowTwice() throws Exception {
        String job = "lateness-into-append-sink";
        StreamExecutionEnvironment env = env(1);
        counts(env).addSink(new Support.Collect<>(job));
        env.execute(job);
        List<String> appended = results(job);
        assertEquals(List.of(
                "a [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 2",
                "a [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 3", // the late firing, appended beside the first
                "a [1970-01-01T00:00:05Z, 1970-01-01T00:00:06Z) 1"), appended);
        // a total over what the sink holds counts window [1 s, 2 s) twice: 6 elements for 4 read
        assertEquals(6, appended.stream().mapToLong(LatenessIntoAppendSinkTest::count).sum());
    }

    @Test
    void latenessIntoAppendSink_fixed_upsertByWindowKeepsTheLastResult() throws Exception {
        String job = "lateness-into-upsert-sink";
        StreamExecutionEnvironment env = env(1);
        counts(env).addSink(new Support.Collect<>(job));
        env.execute(job);
        Map<String, Long> upserted = new LinkedHashMap<>(); // keyed by (key, window), as an upserting sink is
        for (String r : Support.<String>results(job)) {
            upserted.put(r.substring(0, r.lastIndexOf(' ')), count(r));
        }
        assertEquals(2, upserted.size());
        assertEquals(4, upserted.values().stream().mapToLong(Long::longValue).sum());
    }

    static long count(String result) {
        return Long.parseLong(result.substring(result.lastIndexOf(' ') + 1));
    }
}
