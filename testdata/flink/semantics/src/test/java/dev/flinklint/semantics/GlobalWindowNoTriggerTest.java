package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

/**
 * global-window-no-trigger: {@code window(GlobalWindows.create())} without a trigger uses
 * NeverTrigger and emits nothing, in streaming and in batch mode, even at the end of a bounded
 * input; a trigger, {@code countWindow(n)} or {@code createWithEndOfStreamTrigger()} emit.
 */
class GlobalWindowNoTriggerTest {

    /** Keys 0 and 1, values 1..10: sums 25 (odd) and 30 (even). */
    private static List<Long> run(String name, RuntimeExecutionMode mode,
                                  Function<KeyedStream<Long, Long>, org.apache.flink.streaming.api.datastream.DataStream<Long>> window)
            throws Exception {
        StreamExecutionEnvironment env = env(1);
        env.setRuntimeMode(mode);
        KeyedStream<Long, Long> keyed = env.fromSequence(1, 10).keyBy(v -> v % 2, Types.LONG);
        window.apply(keyed).addSink(new Support.Collect<>(name));
        env.execute(name);
        return results(name);
    }

    @Test
    void globalWindowNoTrigger_streaming_emitsNothing() throws Exception {
        List<Long> out = run("gw-none-streaming", RuntimeExecutionMode.STREAMING,
                k -> k.window(GlobalWindows.create()).reduce(Long::sum));
        assertEquals(List.of(), out);
    }

    @Test
    void globalWindowNoTrigger_batch_emitsNothing() throws Exception {
        List<Long> out = run("gw-none-batch", RuntimeExecutionMode.BATCH,
                k -> k.window(GlobalWindows.create()).reduce(Long::sum));
        assertEquals(List.of(), out);
    }

    @Test
    void globalWindowNoTrigger_fixedWithPurgingCountTrigger_emits() throws Exception {
        List<Long> out = run("gw-count-trigger", RuntimeExecutionMode.STREAMING,
                k -> k.window(GlobalWindows.create())
                        .trigger(PurgingTrigger.of(CountTrigger.of(5)))
                        .reduce(Long::sum));
        assertEquals(List.of(25L, 30L), out.stream().sorted().toList());
    }

    @Test
    void globalWindowNoTrigger_fixedWithCountWindow_emits() throws Exception {
        List<Long> out = run("gw-count-window", RuntimeExecutionMode.STREAMING,
                k -> k.countWindow(5).reduce(Long::sum));
        assertEquals(List.of(25L, 30L), out.stream().sorted().toList());
    }

    @Test
    void globalWindowNoTrigger_countWindowDropsPartialLastBatch() throws Exception {
        // countWindow(4) over 5 elements per key: the last, partial batch is never emitted.
        List<Long> out = run("gw-count-window-partial", RuntimeExecutionMode.STREAMING,
                k -> k.countWindow(4).reduce(Long::sum));
        assertEquals(List.of(16L, 20L), out.stream().sorted().toList()); // 1+3+5+7, 2+4+6+8
    }

    @Test
    void globalWindowNoTrigger_endOfStreamTriggerFiresOnceAtEndOfBoundedInput() throws Exception {
        for (RuntimeExecutionMode mode : new RuntimeExecutionMode[] {RuntimeExecutionMode.STREAMING, RuntimeExecutionMode.BATCH}) {
            List<Long> out = run("gw-end-of-stream-" + mode, mode,
                    k -> k.window(GlobalWindows.createWithEndOfStreamTrigger()).reduce(Long::sum));
            assertEquals(List.of(25L, 30L), out.stream().sorted().toList(), mode.toString());
        }
    }
}
