package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * assign-after-source: one subtask reads two splits; split "a" runs ahead (10 s - 12.5 s),
 * split "b" lags (1 s - 2 s). With the strategy on fromSource, each split has its own
 * generator and the watermark is their minimum: nothing of "b" is late. With
 * assignTimestampsAndWatermarks after the source (after noWatermarks(), or replacing the
 * source's own strategy), one generator follows the largest timestamp of the subtask and
 * all of "b"'s records are dropped as late.
 *
 * The source holds "b" back until a window of "a" has fired (where one is expected to fire:
 * up to 60 s; where none can, while the "b" split holds the watermark: 2 s), so that the
 * interleaving is the same in every run: no timing decides the outcome.
 */
class AssignAfterSourceTest {

    static final WatermarkStrategy<Tuple2<String, Long>> STRATEGY = WatermarkStrategy
            .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(1))
            .withTimestampAssigner((e, ts) -> e.f1);

    interface Wiring {
        DataStream<Tuple2<String, Long>> source(StreamExecutionEnvironment env, ScriptedSource src);
    }

    static void run(String job, long openMs, Wiring wiring) throws Exception {
        String gate = job + "-gate";
        ScriptedSource src = Inputs.laggingSplit(job, gate, openMs);
        StreamExecutionEnvironment env = env(1);
        wiring.source(env, src)
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    @Test
    void assignAfterSource_afterNoWatermarksSource_laggingSplitTurnsLate() throws Exception {
        String job = "aas-after-nowatermarks";
        run(job, 60_000, (env, src) -> env
                .fromSource(src, WatermarkStrategy.noWatermarks(), "scripted", Types.TUPLE(Types.STRING, Types.LONG))
                .assignTimestampsAndWatermarks(STRATEGY));
        assertEquals(Inputs.LAGGING_A_WINDOWS, results(job).stream().sorted().toList());
        assertEquals(3, counter(job, "numLateRecordsDropped"));
    }

    @Test
    void assignAfterSource_replacingTheSourceStrategy_laggingSplitTurnsLate() throws Exception {
        String job = "aas-after-source-strategy";
        run(job, 60_000, (env, src) -> env
                .fromSource(src, STRATEGY, "scripted", Types.TUPLE(Types.STRING, Types.LONG))
                .assignTimestampsAndWatermarks(STRATEGY));
        assertEquals(Inputs.LAGGING_A_WINDOWS, results(job).stream().sorted().toList());
        assertEquals(3, counter(job, "numLateRecordsDropped"));
    }

    @Test
    void assignAfterSource_fixed_strategyOnFromSource_nothingLate() throws Exception {
        String job = "aas-on-source";
        run(job, 2_000, (env, src) -> env
                .fromSource(src, STRATEGY, "scripted", Types.TUPLE(Types.STRING, Types.LONG)));
        assertEquals(Inputs.LAGGING_ALL_WINDOWS, results(job).stream().sorted().toList());
        assertEquals(0, counter(job, "numLateRecordsDropped"));
    }
}
