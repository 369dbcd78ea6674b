package dev.flinklint.semantics;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * kafka-record-timestamp: a FLIP-27 source emits each record with a record timestamp, as
 * KafkaRecordEmitter emits a Kafka record with consumerRecord.timestamp(). Here the record
 * timestamps (when the records were "produced": 61 s, 62 s, 63 s) differ from the events' own
 * times, which the payload carries (f0 = "event@<ms>": 10 s, 70 s, 130 s). A strategy without
 * withTimestampAssigner keeps the record timestamps: the three events fall in one 1-minute
 * window, [60 s, 120 s). With an assigner that reads the event's time, each falls in the
 * window of its own minute. The script ends, so the final watermark fires every window.
 */
class KafkaRecordTimestampTest {

    static List<String> run(String job, WatermarkStrategy<Tuple2<String, Long>> strategy) throws Exception {
        ScriptedSource src = new ScriptedSource(job, List.of(
                emit("event@10000", 61_000), emit("event@70000", 62_000), emit("event@130000", 63_000)));
        StreamExecutionEnvironment env = env(1);
        env.fromSource(src, strategy, "scripted", Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(e -> "all", Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job));
        env.execute(job);
        return results(job).stream().map(Object::toString).sorted().toList();
    }

    static long eventTime(Tuple2<String, Long> e) {
        return Long.parseLong(e.f0.substring("event@".length()));
    }

    @Test
    void kafkaRecordTimestamp_noAssigner_windowsGroupByRecordTimestamp() throws Exception {
        assertEquals(List.of("all [1970-01-01T00:01:00Z, 1970-01-01T00:02:00Z) 3"),
                run("krt-record-time", WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps()));
    }

    @Test
    void kafkaRecordTimestamp_withAssigner_windowsGroupByEventTime() throws Exception {
        assertEquals(List.of(
                        "all [1970-01-01T00:00:00Z, 1970-01-01T00:01:00Z) 1",
                        "all [1970-01-01T00:01:00Z, 1970-01-01T00:02:00Z) 1",
                        "all [1970-01-01T00:02:00Z, 1970-01-01T00:03:00Z) 1"),
                run("krt-event-time", WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMinutes(2))
                        .withTimestampAssigner((e, ts) -> eventTime(e))));
    }
}
