package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.ev;
import static dev.flinklint.semantics.Support.events;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * late-tag-unread: with a late-data tag, WindowOperator emits late records to the side
 * output instead of counting them in numLateRecordsDropped; if nobody reads the tag on the
 * window's operator, they are lost and the metric stays 0. Without a tag they are counted.
 */
class LateTagUnreadTest {

    static final String METRIC = "numLateRecordsDropped";
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<>("late", Types.TUPLE(Types.STRING, Types.LONG));

    /** Watermark = largest timestamp so far: a@100 and a@1200 arrive after watermark 5000. */
    static final List<Tuple2<String, Long>> DATA =
            events(ev("a", 1000), ev("a", 1500), ev("a", 5000), ev("a", 100), ev("a", 1200));
    static final List<String> ON_TIME = List.of(
            "a [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 2",
            "a [1970-01-01T00:00:05Z, 1970-01-01T00:00:06Z) 1");

    interface Shape {
        void build(WindowedStream<Tuple2<String, Long>, String, TimeWindow> w, String job);
    }

    static void run(String job, Shape shape) throws Exception {
        StreamExecutionEnvironment env = env(1);
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> w = env
                .fromData(DATA, Types.TUPLE(Types.STRING, Types.LONG))
                .assignTimestampsAndWatermarks(Support.punctuated())
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)));
        shape.build(w, job);
        env.execute(job);
    }

    @Test
    void lateTagUnread_noTag_lateRecordsCountedAsDropped() throws Exception {
        String job = "late-no-tag";
        run(job, (w, j) -> w.process(new Support.CountPerWindow()).addSink(new Support.Collect<>(j)));
        assertEquals(ON_TIME, results(job));
        assertEquals(2, counter(job, METRIC));
    }

    @Test
    void lateTagUnread_tagNeverRead_lateRecordsLostAndMetricZero() throws Exception {
        String job = "late-tag-unread";
        run(job, (w, j) -> w.sideOutputLateData(LATE).process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(j)));
        assertEquals(ON_TIME, results(job));
        assertEquals(0, counter(job, METRIC)); // the two late records are gone, and not counted
    }

    @Test
    void lateTagUnread_tagReadOnAnotherOperator_isEmpty() throws Exception {
        String job = "late-tag-read-after-map";
        run(job, (w, j) -> {
            SingleOutputStreamOperator<String> mapped = w.sideOutputLateData(LATE)
                    .process(new Support.CountPerWindow())
                    .map(s -> s.toUpperCase());
            mapped.addSink(new Support.Collect<>(j));
            mapped.getSideOutput(LATE).addSink(new Support.Collect<>(j + "-late"));
        });
        assertEquals(List.of(), results(job + "-late"));
        assertEquals(0, counter(job, METRIC));
    }

    @Test
    void lateTagUnread_fixed_tagReadOnWindowOperatorAndSunk() throws Exception {
        String job = "late-tag-read";
        run(job, (w, j) -> {
            SingleOutputStreamOperator<String> counts = w.sideOutputLateData(LATE).process(new Support.CountPerWindow());
            counts.addSink(new Support.Collect<>(j));
            // a fresh tag with the same id reads the same output (OutputTag.equals compares ids)
            counts.getSideOutput(new OutputTag<>("late", Types.TUPLE(Types.STRING, Types.LONG)))
                    .addSink(new Support.Collect<>(j + "-late"));
        });
        assertEquals(ON_TIME, results(job));
        assertEquals(List.of(ev("a", 100), ev("a", 1200)), results(job + "-late"));
        assertEquals(0, counter(job, METRIC));
    }
}
