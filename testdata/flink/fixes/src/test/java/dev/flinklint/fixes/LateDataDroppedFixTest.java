package dev.flinklint.fixes;

import static dev.flinklint.fixes.LateInput.ON_TIME;
import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.Support;

import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * late-data-dropped's fix, a side output for late elements, read and printed, on
 * LateDataDroppedTest's input (LateInput): two clicks at 100 and 1200 ms arrive after the
 * watermark has passed their windows. Broken, they are dropped and only counted in
 * numLateRecordsDropped; fixed, both are printed as the side output's records, none is
 * counted as dropped, and the windows' counts are unchanged.
 */
class LateDataDroppedFixTest {

    static final String METRIC = "numLateRecordsDropped";

    @Test
    void broken_lateClicksDropped() throws Exception {
        String job = "fix-ldd-broken";
        List<String> printed = LateInput.run(job,
                env -> fixes.latedatadropped.LateEvents.counts(env, new Support.Collect<>(job)), 100, 1200);
        assertEquals(ON_TIME, results(job));
        assertEquals(List.of(), printed);
        assertEquals(2, counter(job, METRIC));
    }

    @Test
    void fixed_lateClicksPrinted() throws Exception {
        String job = "fix-ldd-fixed";
        List<String> printed = LateInput.run(job,
                env -> fixed.latedatadropped.LateEvents.counts(env, new Support.Collect<>(job)), 100, 1200);
        assertEquals(ON_TIME, results(job), "the windows' counts are unchanged");
        assertEquals(List.of("late-data> (a,100)", "late-data> (a,1200)"), printed);
        assertEquals(0, counter(job, METRIC));
    }
}
