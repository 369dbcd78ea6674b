package dev.flinklint.diagnose;

/**
 * One record of {@link Ticks}: its split, its place in the split, and its
 * event time in epoch milliseconds.
 */
public record Tick(int split, long seq, long millis) {
    /** The key the jobs group by: a few keys per split. */
    public String key() {
        return split + "-" + (seq % 4);
    }
}
