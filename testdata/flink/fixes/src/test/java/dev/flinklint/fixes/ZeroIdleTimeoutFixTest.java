package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * zero-idle-timeout's fixes, a timeout of one minute. withIdleness(Duration.ZERO) becomes
 * withIdleness(Duration.ofMinutes(1)): broken, the job is not built (IllegalArgumentException
 * at the call); fixed, it builds and runs. table.exec.source.idle-timeout '0 ms' becomes
 * '1 min', in code, in a SQL client script and in config.yaml: the table job with a busy and a
 * quiet source, as in ZeroIdleTimeoutTest, fires no window while the sources are open when
 * broken, and fires one while they are once the quiet source has been quiet for the minute
 * (the one long proof, about 65 s: the fix writes the minute, and a shorter timeout would not
 * prove the fix). The script and config.yaml are read back quickly: their value is zero when
 * broken, and one minute, positive, when fixed.
 */
class ZeroIdleTimeoutFixTest {

    static final String BROKEN_DIR = "src/main/java/fixes/zeroidletimeout";
    static final String FIXED_DIR = "target/fixed-src/fixed/zeroidletimeout";

    static ScriptedSource twoSeconds(String job) {
        List<ScriptedSource.Step> script = new ArrayList<>(List.of(split("busy")));
        for (long ts = 0; ts < 2_000; ts += 100) {
            script.add(emit("busy", ts));
        }
        return new ScriptedSource(job, script);
    }

    @Test
    void broken_withIdlenessZeroIsNotBuilt() {
        StreamExecutionEnvironment env = new SwappedInput(twoSeconds("fix-zit-broken"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fixes.zeroidletimeout.IdleImmediately.counts(env));
        assertEquals("idleTimeout must be greater than zero", e.getMessage());
    }

    @Test
    void fixed_withIdlenessJobBuildsAndRuns() throws Exception {
        String job = "fix-zit-fixed";
        StreamExecutionEnvironment env = new SwappedInput(twoSeconds(job));
        fixed.zeroidletimeout.IdleImmediately.counts(env).addSink(new Support.Collect<>(job));
        env.execute(job);
        assertEquals(List.of("busy [0, 1000) 10", "busy [1000, 2000) 10"), results(job));
    }

    /** The web topic busy until a window fired, the app topic quiet 2 s longer. */
    static void runTables(String job, Function<StreamExecutionEnvironment, DataStream<String>> counts, long openMs)
            throws Exception {
        String gate = job + "-gate";
        StreamExecutionEnvironment env = new SwappedInput(Map.of(
                "web", new ScriptedSource(job, List.of(emitUntilGate("busy", 0, 100, 20, gate, openMs))),
                "app", new ScriptedSource(job + "-quiet", List.of(gate(gate, openMs + 2_000)))));
        counts.apply(env).addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    @Test
    void broken_tableJobHoldsEveryWindow() throws Exception {
        String job = "fix-zit-table-broken";
        runTables(job, fixes.zeroidletimeout.WebAndApp::counts, 3_000);
        assertFalse(results(job).isEmpty(), "the final watermark fires the windows at the end");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no window fired while the sources were open");
    }

    @Test
    void fixed_tableJobFiresWhileTheAppTopicIsQuiet() throws Exception {
        String job = "fix-zit-table-fixed";
        runTables(job, fixed.zeroidletimeout.WebAndApp::counts, 120_000);
        assertFalse(afterEnd(job).get(0), "a window fired while the sources were open");
    }

    /** The idle timeout a SQL client script sets, read as Flink reads it. */
    static Duration scriptTimeout(String dir) throws Exception {
        String sql = Files.readString(Path.of(dir, "web_and_app.sql"));
        Matcher m = Pattern.compile("SET 'table.exec.source.idle-timeout' = '([^']*)'").matcher(sql);
        assertTrue(m.find(), sql);
        Configuration conf = new Configuration();
        conf.setString(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT.key(), m.group(1));
        return conf.get(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT);
    }

    @Test
    void scriptAndConfigYaml_zeroWhenBrokenOneMinuteWhenFixed() throws Exception {
        assertEquals(Duration.ZERO, scriptTimeout(BROKEN_DIR));
        assertEquals(Duration.ofMinutes(1), scriptTimeout(FIXED_DIR));
        assertEquals(Duration.ZERO, GlobalConfiguration.loadConfiguration(BROKEN_DIR)
                .get(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT));
        assertEquals(Duration.ofMinutes(1), GlobalConfiguration.loadConfiguration(FIXED_DIR)
                .get(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT));
    }
}
