package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.ev;
import static dev.flinklint.semantics.Support.events;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.ProcessingTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * ineffective-lateness: allowedLateness / sideOutputLateData on GlobalWindows, count windows
 * and processing-time windows change nothing: no element is ever late there, even records
 * far behind the watermark, which an event-time window on the same data treats as late.
 */
class IneffectiveLatenessTest {

    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<>("late", Types.TUPLE(Types.STRING, Types.LONG));
    /** a@100 and a@200 arrive 4.9 s behind the watermark (5000). */
    static final List<Tuple2<String, Long>> DATA =
            events(ev("a", 5000), ev("a", 100), ev("a", 200), ev("a", 6000));

    static void run(String job, BiConsumer<KeyedStream<Tuple2<String, Long>, String>, String> shape) throws Exception {
        StreamExecutionEnvironment env = env(1);
        KeyedStream<Tuple2<String, Long>, String> keyed = env
                .fromData(DATA, Types.TUPLE(Types.STRING, Types.LONG))
                .assignTimestampsAndWatermarks(Support.punctuated())
                .keyBy(e -> e.f0, Types.STRING);
        shape.accept(keyed, job);
        env.execute(job);
    }

    static Tuple2<String, Long> sum(Tuple2<String, Long> x, Tuple2<String, Long> y) {
        return Tuple2.of(x.f0, x.f1 + y.f1);
    }

    @Test
    void ineffectiveLateness_globalWindows_lateSettingsChangeNothing() throws Exception {
        run("il-global-plain", (k, j) -> k.window(GlobalWindows.create()).trigger(CountTrigger.of(2))
                .reduce(IneffectiveLatenessTest::sum).addSink(new Support.Collect<>(j)));
        run("il-global-late", (k, j) -> {
            SingleOutputStreamOperator<Tuple2<String, Long>> r = k.window(GlobalWindows.create())
                    .trigger(CountTrigger.of(2))
                    .allowedLateness(Duration.ofHours(1))
                    .sideOutputLateData(LATE)
                    .reduce(IneffectiveLatenessTest::sum);
            r.addSink(new Support.Collect<>(j));
            r.getSideOutput(LATE).addSink(new Support.Collect<>(j + "-late"));
        });
        assertEquals(List.of(ev("a", 5100), ev("a", 11300)), results("il-global-plain"));
        assertEquals(results("il-global-plain"), results("il-global-late"));
        assertEquals(List.of(), results("il-global-late-late"));
        assertEquals(0, counter("il-global-plain", "numLateRecordsDropped"));
        assertEquals(0, counter("il-global-late", "numLateRecordsDropped"));
    }

    @Test
    void ineffectiveLateness_countWindow_sideOutputStaysEmpty() throws Exception {
        run("il-count", (k, j) -> {
            SingleOutputStreamOperator<Tuple2<String, Long>> r = k.countWindow(2)
                    .allowedLateness(Duration.ofHours(1))
                    .sideOutputLateData(LATE)
                    .reduce(IneffectiveLatenessTest::sum);
            r.addSink(new Support.Collect<>(j));
            r.getSideOutput(LATE).addSink(new Support.Collect<>(j + "-late"));
        });
        assertEquals(List.of(ev("a", 5100), ev("a", 6200)), results("il-count"));
        assertEquals(List.of(), results("il-count-late"));
        assertEquals(0, counter("il-count", "numLateRecordsDropped"));
    }

    @Test
    void ineffectiveLateness_processingTimeWindow_sideOutputStaysEmpty() throws Exception {
        run("il-proc", (k, j) -> {
            SingleOutputStreamOperator<Tuple2<String, Long>> r = k
                    .window(TumblingProcessingTimeWindows.of(Duration.ofHours(1)))
                    .allowedLateness(Duration.ofHours(1))
                    .sideOutputLateData(LATE)
                    .reduce(IneffectiveLatenessTest::sum);
            r.getSideOutput(LATE).addSink(new Support.Collect<>(j + "-late"));
        });
        assertEquals(List.of(), results("il-proc-late"));
        assertEquals(0, counter("il-proc", "numLateRecordsDropped"));
        // The assigners the rule names all say they are not event time.
        assertFalse(GlobalWindows.create().isEventTime());
        assertFalse(GlobalWindows.createWithEndOfStreamTrigger().isEventTime());
        assertFalse(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)).isEventTime());
        assertFalse(SlidingProcessingTimeWindows.of(Duration.ofMinutes(2), Duration.ofMinutes(1)).isEventTime());
        assertFalse(ProcessingTimeSessionWindows.withGap(Duration.ofMinutes(1)).isEventTime());
    }

    @Test
    void ineffectiveLateness_contrast_eventTimeWindowSeesTheSameRecordsAsLate() throws Exception {
        run("il-event", (k, j) -> {
            SingleOutputStreamOperator<Tuple2<String, Long>> r = k
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                    .sideOutputLateData(LATE)
                    .reduce(IneffectiveLatenessTest::sum);
            r.getSideOutput(LATE).addSink(new Support.Collect<>(j + "-late"));
        });
        assertEquals(List.of(ev("a", 100), ev("a", 200)), results("il-event-late"));
    }
}
