package jobs;

import java.time.Duration;

/** Timeouts shared by the jobs. */
public final class Timeouts {
    public static final Duration NO_IDLENESS = Duration.ZERO;
    public static final long IDLE_MILLIS = 0L;
    public static final Duration ONE_MINUTE = Duration.ofMinutes(1);

    private Timeouts() {}
}
