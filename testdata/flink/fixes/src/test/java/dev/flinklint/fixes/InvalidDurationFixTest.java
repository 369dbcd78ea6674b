package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * invalid-duration's fix, the unit label Flink reads in place of a misspelt one: the job's
 * "200 msec" watermark interval becomes "200 ms", the config.yaml's "10 mins" checkpoint
 * interval "10 min". Broken, Flink refuses both ("Could not parse value ..."): the environment
 * is never built, the option cannot be read. Fixed, both parse to the value meant, and the job
 * runs on the configuration and fires its windows while its source is open.
 */
class InvalidDurationFixTest {

    static final String BROKEN_DIR = "src/main/java/fixes/invalidduration";
    static final String FIXED_DIR = "target/fixed-src/fixed/invalidduration";

    static ScriptedSource input(String job, long openMs) {
        return new ScriptedSource(job, List.of(emitUntilGate("busy", 0, 100, 20, job + "-gate", openMs)));
    }

    @Test
    void broken_environmentRefusesTheInterval() {
        Configuration conf = fixes.invalidduration.WatermarkedCounts.configuration();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SwappedInput(input("fix-id-broken", 1_000), conf));
        assertEquals("Could not parse value '200 msec' for key 'pipeline.auto-watermark-interval'.", e.getMessage());
    }

    @Test
    void broken_configYamlRefusesTheCheckpointInterval() {
        Configuration conf = GlobalConfiguration.loadConfiguration(BROKEN_DIR);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL));
        assertEquals("Could not parse value '10 mins' for key 'execution.checkpointing.interval'.", e.getMessage());
    }

    @Test
    void fixed_jobRunsOnTheIntervalMeant() throws Exception {
        String job = "fix-id-fixed";
        Configuration conf = fixed.invalidduration.WatermarkedCounts.configuration();
        assertEquals(Duration.ofMillis(200), conf.get(PipelineOptions.AUTO_WATERMARK_INTERVAL));
        StreamExecutionEnvironment env = new SwappedInput(input(job, 3_000), conf);
        assertEquals(200, env.getConfig().getAutoWatermarkInterval());
        fixed.invalidduration.WatermarkedCounts.counts(env).addSink(new Support.Collect<>(job, job, job + "-gate"));
        env.execute(job);
        assertFalse(afterEnd(job).get(0), "a window fired while the source was open");
        assertEquals("busy [0, 1000) 10", results(job).get(0));
    }

    @Test
    void fixed_configYamlGivesTheCheckpointIntervalMeant() {
        Configuration conf = GlobalConfiguration.loadConfiguration(FIXED_DIR);
        assertEquals(Duration.ofMinutes(10), conf.get(CheckpointingOptions.CHECKPOINTING_INTERVAL));
        StreamExecutionEnvironment env = new SwappedInput(input("fix-id-yaml", 0), conf);
        assertEquals(Duration.ofMinutes(10).toMillis(), env.getCheckpointConfig().getCheckpointInterval());
        assertTrue(env.getCheckpointConfig().isCheckpointingEnabled());
    }
}
