package events;

import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import java.time.Duration;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;

public class Assigners {
    WatermarkStrategy<Event> base = WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5));

    void violations() {
        base.withTimestampAssigner((e, ts) -> e.getTime().getEpochSecond()); // want "returns seconds \\(e.getTime\\(\\).getEpochSecond\\(\\)\\)"
        base.withTimestampAssigner((e, ts) -> e.getCreatedAt().toEpochSecond(ZoneOffset.UTC)); // want "toEpochSecond"
        base.withTimestampAssigner((e, ts) -> e.getMillis() / 1000); // want "e.getMillis\\(\\) / 1000"
        base.withTimestampAssigner((e, ts) -> { // want "e.getMillis\\(\\) / 1_000"
            long seconds = e.getMillis() / 1_000;
            return seconds;
        });
        base.withTimestampAssigner((e, ts) -> TimeUnit.MILLISECONDS.toSeconds(e.millis)); // want "toSeconds"
        base.withTimestampAssigner((e, ts) -> e.unixTime); // want "e.unixTime"
        base.withTimestampAssigner((e, ts) -> e.ts_s); // want "e.ts_s"
        base.withTimestampAssigner((e, ts) -> e.getTs()); // want "e.getTs\\(\\)"
        base.withTimestampAssigner((e, ts) -> e.createdSec > 0 ? e.createdSec : ts); // want "e.createdSec"
        SerializableTimestampAssigner<Event> inAVariable = (e, ts) -> e.getTime().getEpochSecond();
        base.withTimestampAssigner(inAVariable); // want "getEpochSecond"
    }

    void noFix() {
        base.withTimestampAssigner(Assigners::secondsOf); // want "e.createdSec"
        base.withTimestampAssigner(Assigners::epochSeconds); // want "Assigners::epochSeconds"
    }

    static long secondsOf(Event e, long recordTimestamp) {
        return e.createdSec;
    }

    static long epochSeconds(Event e, long recordTimestamp) {
        return e.getEventTimeSeconds();
    }

    static long millisOf(Event e, long recordTimestamp) {
        return e.getMillis();
    }

    void lookAlikes() {
        base.withTimestampAssigner((e, ts) -> e.getTime().toEpochMilli());
        base.withTimestampAssigner((e, ts) -> e.getDate().getTime());
        base.withTimestampAssigner((e, ts) -> System.currentTimeMillis());
        base.withTimestampAssigner((e, ts) -> e.createdSec * 1000);
        base.withTimestampAssigner((e, ts) -> e.getMillis() / 1000 * 1000);
        base.withTimestampAssigner((e, ts) -> TimeUnit.SECONDS.toMillis(e.createdSec));
        base.withTimestampAssigner((e, ts) -> Duration.ofSeconds(e.createdSec).toMillis());
        base.withTimestampAssigner((e, ts) -> ts);
        base.withTimestampAssigner(Assigners::millisOf);
        base.withTimestampAssigner((e, ts) -> {
            long lagSeconds = (System.currentTimeMillis() - e.getMillis()) / 1000;
            System.out.println("lag " + lagSeconds + " s");
            return e.getMillis();
        });
        // base.withTimestampAssigner((e, ts) -> e.getTime().getEpochSecond());
        String doc = "withTimestampAssigner((e, ts) -> e.getTime().getEpochSecond())";
    }
}
