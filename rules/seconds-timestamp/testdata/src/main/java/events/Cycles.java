package events;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;

/** Shapes whose fix must leave nothing for a second -fix, and definitions that refer to themselves. */
public class Cycles {
    static final long ONE_SECOND = THOUSAND;
    static final long THOUSAND = ONE_SECOND;
    static final long FOLD_A = FOLD_B + 1;
    static final long FOLD_B = FOLD_A + 1;

    WatermarkStrategy<Event> base = WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5));

    void conditionals(boolean legacy) {
        base.withTimestampAssigner((e, ts) -> legacy ? e.createdSec : e.unixTime); // want "e.createdSec"
        base.withTimestampAssigner((e, ts) -> { // want "e.ts_s"
            if (legacy) {
                return e.ts_s;
            }
            return e.getMillis() / 1000;
        });
        base.withTimestampAssigner((e, ts) -> { // want "e.getMillis\\(\\) / 1000"
            long tsSeconds = e.getMillis() / 1000;
            return tsSeconds;
        });
    }

    void cycles() {
        base.withTimestampAssigner((e, ts) -> e.getMillis() / ONE_SECOND);
        base.withTimestampAssigner((e, ts) -> e.getMillis() / FOLD_A);
        base.withTimestampAssigner((e, ts) -> pingA(e));
        base.withTimestampAssigner(new Looping());
    }

    static long pingA(Event e) {
        return pingB(e);
    }

    static long pingB(Event e) {
        return pingA(e);
    }

    /** Two classes that extend each other while being edited: neither is an assigner. */
    static class Looping extends Loop2 {
        public long extractTimestamp(Event e, long recordTimestamp) {
            return e.createdSec;
        }
    }

    static class Loop2 extends Looping {
    }
}
