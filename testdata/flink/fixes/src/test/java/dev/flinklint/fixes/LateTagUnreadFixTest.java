package dev.flinklint.fixes;

import static dev.flinklint.fixes.LateInput.ON_TIME;
import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.Support;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Consumer;

/**
 * late-tag-unread's fixes, on LateTagUnreadTest's input (LateInput): clicks on page a at 1000,
 * 1500 and 5000 ms, then, once the window [1000, 2000) has fired, two late clicks at 100 and
 * 1200 ms. Broken, the late clicks are lost: in no output, and numLateRecordsDropped stays 0.
 * Fixed, both reach the side output's sink (printed, or the author's own sink once the read is
 * made on the window operator), and the windows' counts are unchanged.
 */
class LateTagUnreadFixTest {

    static final String METRIC = "numLateRecordsDropped";

    static List<String> run(String job, Consumer<StreamExecutionEnvironment> build) throws Exception {
        return LateInput.run(job, build, 100, 1200);
    }

    @Test
    void broken_lateClicksLost() throws Exception {
        String job = "fix-ltu-broken";
        List<String> printed = run(job, env -> fixes.latetagunread.LateClicks.counts(env, new Support.Collect<>(job)));
        assertEquals(ON_TIME, results(job));
        assertEquals(List.of(), printed, "nothing else is written");
        assertEquals(0, counter(job, METRIC), "the late clicks are not even counted");
    }

    @Test
    void fixed_lateClicksPrinted() throws Exception {
        String job = "fix-ltu-fixed";
        List<String> printed = run(job, env -> fixed.latetagunread.LateClicks.counts(env, new Support.Collect<>(job)));
        assertEquals(ON_TIME, results(job), "the windows' counts are unchanged");
        assertEquals(List.of("late-clicks> (a,100)", "late-clicks> (a,1200)"), printed);
        assertEquals(0, counter(job, METRIC));
    }

    @Test
    void brokenReadAfterFormat_lateSinkEmpty() throws Exception {
        String job = "fix-ltu-format-broken";
        run(job, env -> fixes.latetagunread.ReadAfterFormat.counts(env,
                new Support.Collect<>(job), new Support.Collect<>(job + "-late")));
        assertEquals(List.of("A [1000, 2000) 2", "A [5000, 6000) 1"), results(job));
        assertEquals(List.of(), results(job + "-late"));
        assertEquals(0, counter(job, METRIC));
    }

    @Test
    void fixedReadAfterFormat_lateClicksReachTheLateSink() throws Exception {
        String job = "fix-ltu-format-fixed";
        run(job, env -> fixed.latetagunread.ReadAfterFormat.counts(env,
                new Support.Collect<>(job), new Support.Collect<>(job + "-late")));
        assertEquals(List.of("A [1000, 2000) 2", "A [5000, 6000) 1"), results(job));
        assertEquals(List.of(Tuple2.of("a", 100L), Tuple2.of("a", 1200L)), results(job + "-late"));
        assertEquals(0, counter(job, METRIC));
    }
}
