package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * auto-watermark-interval-zero's fix, the setting deleted (the default is 200 ms): the job's
 * env.getConfig().setAutoWatermarkInterval(0) and its config.yaml's
 * pipeline.auto-watermark-interval: 0 ms. The input of AutoWatermarkIntervalZeroTest: records
 * 0..1900 ms, then the source stays open until a window fired or 3 s passed. Broken (the code,
 * or the config.yaml alone), no window fires while the source is open; fixed, the first
 * window fires while it is, with its 5 records.
 */
class AutoWatermarkIntervalZeroFixTest {

    static final String BROKEN_DIR = "src/main/java/fixes/autowatermarkintervalzero";
    static final String FIXED_DIR = "target/fixed-src/fixed/autowatermarkintervalzero";

    static void run(String job, Configuration conf, Function<StreamExecutionEnvironment, DataStream<String>> counts)
            throws Exception {
        String gate = job + "-gate";
        List<ScriptedSource.Step> script = new ArrayList<>();
        script.add(split("s"));
        for (long ts = 0; ts < 2_000; ts += 100) {
            script.add(emit("s", ts));
        }
        script.add(gate(gate, 3_000));
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, script), conf);
        counts.apply(env).addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    static void assertNothingFiredWhileOpen(String job) {
        assertFalse(results(job).isEmpty(), "the final watermark fires the windows at the end");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no window fired while the source was open");
    }

    static void assertFiredWhileOpen(String job) {
        assertFalse(afterEnd(job).get(0), "a window fired while the source was open");
        assertEquals("s [0, 500) 5", results(job).get(0));
    }

    @Test
    void broken_codeZeroHoldsEveryWindow() throws Exception {
        run("fix-awi-broken", new Configuration(), fixes.autowatermarkintervalzero.LowLatencyCounts::counts);
        assertNothingFiredWhileOpen("fix-awi-broken");
    }

    @Test
    void fixed_windowsFireWhileTheSourceIsOpen() throws Exception {
        run("fix-awi-fixed", new Configuration(), fixed.autowatermarkintervalzero.LowLatencyCounts::counts);
        assertFiredWhileOpen("fix-awi-fixed");
    }

    @Test
    void broken_configYamlHoldsEveryWindow() throws Exception {
        run("fix-awi-yaml-broken", GlobalConfiguration.loadConfiguration(BROKEN_DIR),
                fixed.autowatermarkintervalzero.LowLatencyCounts::counts);
        assertNothingFiredWhileOpen("fix-awi-yaml-broken");
    }

    @Test
    void fixed_configYamlLetsWindowsFire() throws Exception {
        Configuration conf = GlobalConfiguration.loadConfiguration(FIXED_DIR);
        assertEquals(1, conf.get(CoreOptions.DEFAULT_PARALLELISM));
        run("fix-awi-yaml-fixed", conf, fixed.autowatermarkintervalzero.LowLatencyCounts::counts);
        assertFiredWhileOpen("fix-awi-yaml-fixed");
    }
}
