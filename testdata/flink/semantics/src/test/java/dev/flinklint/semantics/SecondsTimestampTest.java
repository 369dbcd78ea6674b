package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * seconds-timestamp: a timestamp assigner returning epoch seconds puts records into windows
 * of January 1970, and a one-minute window then holds 1000 minutes of data; milliseconds put
 * them where they belong. In SQL, TO_TIMESTAMP_LTZ(sec, 3) lands in 1970 while
 * TO_TIMESTAMP_LTZ(sec, 0) does not, and FROM_UNIXTIME reads its argument as seconds.
 */
class SecondsTimestampTest {

    static final long T0_SEC = 1_700_000_000L; // 2023-11-14T22:13:20Z

    /** Ten events one hour apart (ten hours of data), as epoch seconds in f1. */
    static List<Tuple2<String, Long>> hourly() {
        List<Tuple2<String, Long>> l = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            l.add(Tuple2.of("k", T0_SEC + i * 3600L));
        }
        return l;
    }

    static List<String> run(String job, SerializableTimestampAssigner<Tuple2<String, Long>> assigner) throws Exception {
        StreamExecutionEnvironment env = env(1);
        env.fromData(hourly(), Types.TUPLE(Types.STRING, Types.LONG))
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                        .withTimestampAssigner(assigner))
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job));
        env.execute(job);
        return results(job);
    }

    @Test
    void secondsTimestamp_secondsAssigner_windowsInJanuary1970() throws Exception {
        List<String> out = run("st-seconds", (e, ts) -> Instant.ofEpochSecond(e.f1).getEpochSecond());
        // 1 700 000 000 ms is 1970-01-20T16:13:20Z; ten hours of data (32.4 s as ms) fill one window
        assertEquals(List.of("k [1970-01-20T16:13:00Z, 1970-01-20T16:14:00Z) 10"), out);
    }

    @Test
    void secondsTimestamp_fixed_millisAssigner_oneWindowPerHour() throws Exception {
        List<String> out = run("st-millis", (e, ts) -> Instant.ofEpochSecond(e.f1).toEpochMilli());
        assertEquals(10, out.size());
        assertEquals("k [2023-11-14T22:13:00Z, 2023-11-14T22:14:00Z) 1", out.get(0));
        assertTrue(out.stream().allMatch(s -> s.contains("2023-11-1") && s.endsWith(" 1")), out.toString());
    }

    @Test
    void secondsTimestamp_sqlFunctions() throws Exception {
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env(1));
        tEnv.getConfig().set("table.local-time-zone", "UTC");
        try (CloseableIterator<Row> it = tEnv.executeSql(
                "SELECT TO_TIMESTAMP_LTZ(1700000000, 3), TO_TIMESTAMP_LTZ(1700000000, 0),"
                        + " TO_TIMESTAMP_LTZ(CAST(1700000000 AS BIGINT) * 1000, 3),"
                        + " FROM_UNIXTIME(1700000000), FROM_UNIXTIME(1700000000000),"
                        + " FROM_UNIXTIME(1700000000000 / 1000)").collect()) {
            Row r = it.next();
            assertEquals(Instant.parse("1970-01-20T16:13:20Z"), r.getField(0)); // seconds read as ms
            assertEquals(Instant.parse("2023-11-14T22:13:20Z"), r.getField(1));
            assertEquals(Instant.parse("2023-11-14T22:13:20Z"), r.getField(2));
            assertEquals("2023-11-14 22:13:20", r.getField(3));
            String fromMillis = String.valueOf(r.getField(4));
            assertTrue(!fromMillis.startsWith("2023"), "FROM_UNIXTIME(ms) is not 2023: " + fromMillis);
            System.out.println("seconds-timestamp: FROM_UNIXTIME(1700000000000) = " + fromMillis);
            assertEquals("2023-11-14 22:13:20", r.getField(5));
        }
    }
}
