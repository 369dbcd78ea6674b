package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;

import dev.flinklint.semantics.ScriptedSource;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The input of the late-data rules' semantic tests (LateTagUnreadTest, LateDataDroppedTest,
 * LatenessIntoAppendSinkTest), scripted for a job's own source and watermark strategy: events
 * of key a at 1000, 1500 and 5000 ms; a pause of a second, in which the periodic watermark
 * passes 4000 and fires the window [1000, 2000); then the late events.
 */
final class LateInput {
    private LateInput() {}

    /** The results of 1 s windows counting the on-time events. */
    static final List<String> ON_TIME = List.of("a [1000, 2000) 2", "a [5000, 6000) 1");

    /** Builds the job with build, runs it on the input with the late events at lateTs; returns what it printed. */
    static List<String> run(String job, Consumer<StreamExecutionEnvironment> build, long... lateTs) throws Exception {
        List<ScriptedSource.Step> script = new ArrayList<>(List.of(emit("a", 1000), emit("a", 1500), emit("a", 5000),
                gate(job + "-never", 1_000)));
        for (long ts : lateTs) {
            script.add(emit("a", ts));
        }
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, script));
        build.accept(env);
        return Stdout.during(() -> env.execute(job));
    }
}
