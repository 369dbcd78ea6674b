package dev.flinklint.semantics;

import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * uneven-union-idleness: a keyed stream with watermarks connected to a broadcast side that is
 * quiet (a rules topic with no new rule) and read with WatermarkStrategy.noWatermarks(). The
 * operator's watermark is the minimum of its inputs, and the broadcast input never sends one:
 * no event-time timer fires while the sources are open, only at the end of input. A broadcast
 * side with withIdleness goes idle and no longer holds the watermark: the timers fire while
 * the sources are open.
 */
class UnevenUnionIdlenessTest {

    static final long OPEN_MS = 3_000;
    static final long EXPECT_MS = 60_000;
    static final MapStateDescriptor<String, String> RULES =
            new MapStateDescriptor<>("rules", Types.STRING, Types.STRING);

    /** Emits the key at the event-time timer 500 ms after each record. */
    static final class Timers extends KeyedBroadcastProcessFunction<String, Tuple2<String, Long>, Tuple2<String, Long>, String> {
        @Override
        public void processElement(Tuple2<String, Long> value, ReadOnlyContext ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 500);
        }

        @Override
        public void processBroadcastElement(Tuple2<String, Long> value, Context ctx, Collector<String> out) {
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + "@" + timestamp);
        }
    }

    static void run(String job, WatermarkStrategy<Tuple2<String, Long>> rulesStrategy, long openMs) throws Exception {
        String gate = job + "-gate";
        ScriptedSource data = new ScriptedSource(job, List.of(emitUntilGate("busy", 0, 100, 20, gate, openMs)));
        // The rules side outlives the data side by far when no value opens the gate: ending first,
        // it would send the final watermark while the data source is still open (seen on a loaded
        // machine, where the two timeouts start apart).
        ScriptedSource rules = new ScriptedSource(job + "-rules", List.of(split("rules"), gate(gate, 3 * openMs)));
        StreamExecutionEnvironment env = env(1);
        DataStream<Tuple2<String, Long>> events = env.fromSource(data,
                WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100)),
                "data", Types.TUPLE(Types.STRING, Types.LONG));
        BroadcastStream<Tuple2<String, Long>> broadcast = env.fromSource(rules, rulesStrategy, "rules",
                Types.TUPLE(Types.STRING, Types.LONG)).broadcast(RULES);
        events.keyBy(e -> e.f0, Types.STRING)
                .connect(broadcast)
                .process(new Timers(), Types.STRING)
                .addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    @Test
    void quietBroadcastWithoutWatermarks_holdsTheTimers() throws Exception {
        String job = "uui-no-watermarks";
        run(job, WatermarkStrategy.noWatermarks(), OPEN_MS);
        assertFalse(results(job).isEmpty(), "the final watermark fires the timers at the end");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no timer fired while the sources were open: " + afterEnd(job));
    }

    @Test
    void fixed_idleBroadcastSideReleasesTheTimers() throws Exception {
        String job = "uui-idleness";
        run(job, WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps().withIdleness(Duration.ofMillis(300)), EXPECT_MS);
        assertFalse(afterEnd(job).get(0), "a timer fired while the sources were still open");
    }
}
