package dev.flinklint.semantics;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;

import java.util.List;

/**
 * Scripts that show a rule's failure, shared by its semantic test and its fix's proof, so
 * that the proof runs the fixed job on the input that showed the failure.
 */
public final class Inputs {
    private Inputs() {}

    /**
     * assign-after-source: one subtask reads split "a", ahead (10 s - 12.5 s), and split "b",
     * behind (1 s - 2 s), which waits at {@code gate} (for a window to fire, or {@code openMs}).
     */
    public static ScriptedSource laggingSplit(String job, String gate, long openMs) {
        return new ScriptedSource(job, List.of(
                split("a"), split("b"),
                emit("a", 10_000), emit("a", 10_500), emit("a", 11_000), emit("a", 12_500),
                gate(gate, openMs),
                emit("b", 1_000), emit("b", 1_500), emit("b", 2_000)));
    }

    /** The 1 s windows of {@link #laggingSplit}'s split "a", counted by Support.CountPerWindow, sorted. */
    public static final List<String> LAGGING_A_WINDOWS = List.of(
            "a [1970-01-01T00:00:10Z, 1970-01-01T00:00:11Z) 2",
            "a [1970-01-01T00:00:11Z, 1970-01-01T00:00:12Z) 1",
            "a [1970-01-01T00:00:12Z, 1970-01-01T00:00:13Z) 1");

    /** The 1 s windows of both splits of {@link #laggingSplit}, sorted. */
    public static final List<String> LAGGING_ALL_WINDOWS = List.of(
            LAGGING_A_WINDOWS.get(0), LAGGING_A_WINDOWS.get(1), LAGGING_A_WINDOWS.get(2),
            "b [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 2",
            "b [1970-01-01T00:00:02Z, 1970-01-01T00:00:03Z) 1");
}
