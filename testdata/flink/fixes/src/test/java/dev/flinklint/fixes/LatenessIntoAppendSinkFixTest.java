package dev.flinklint.fixes;

import static dev.flinklint.fixes.LateInput.ON_TIME;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.Support;

import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * lateness-into-append-sink's fix, a side output for late elements instead of allowedLateness,
 * on LatenessIntoAppendSinkTest's input (LateInput): one click at 1200 ms arrives after the
 * window [1000, 2000) has fired, within the allowed lateness. Broken, the window fires again and
 * the appending sink holds two counts for it; fixed, each window reaches the sink once, and the
 * late click is printed as the side output's record.
 */
class LatenessIntoAppendSinkFixTest {

    @Test
    void broken_windowAppendedTwice() throws Exception {
        String job = "fix-lias-broken";
        List<String> printed = LateInput.run(job,
                env -> fixes.latenessintoappendsink.LateFirings.counts(env).addSink(new Support.Collect<>(job)), 1200);
        assertEquals(List.of("a [1000, 2000) 2", "a [1000, 2000) 3", "a [5000, 6000) 1"), results(job),
                "the late firing is appended beside the first result");
        assertEquals(List.of(), printed);
    }

    @Test
    void fixed_eachWindowOnceAndTheLateClickAside() throws Exception {
        String job = "fix-lias-fixed";
        List<String> printed = LateInput.run(job,
                env -> fixed.latenessintoappendsink.LateFirings.counts(env).addSink(new Support.Collect<>(job)), 1200);
        assertEquals(ON_TIME, results(job), "each window once");
        assertEquals(List.of("late-records> (a,1200)"), printed);
    }
}
