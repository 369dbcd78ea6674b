package fixable;

import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;

// Time.x(...) calls only: the fix rewrites them all, drops the import of
// Time and imports java.time.Duration.
public class TimeJob {
    static void build(DataStream<Tuple2<String, Long>> in) {
        in.keyBy(t -> t.f0)
                .window(TumblingEventTimeWindows.of(Time.seconds(10))) // want "^Flink 2.0 removed Flink's Time class \\(pom.xml targets Flink 2.0.0\\)\\nhelp: use java.time.Duration: Time.seconds\\(5\\) is Duration.ofSeconds\\(5\\)\\nnote: .*org.apache.flink.streaming.api.windowing.time.Time or .*FLINK-32570"
                .allowedLateness(Time.minutes(1)) // want "removed Flink's Time class .*\\nhelp: .*; the fix at line 16 covers this site\\n"
                .sum(1);
        in.keyBy(t -> t.f0)
                .window(SlidingEventTimeWindows.of(Time.hours(1), Time.milliseconds(500))) // want "removed Flink's Time class .*\\nhelp: .*; the fix at line 16 covers this site\\n" "removed Flink's Time class .*\\nhelp: .*; the fix at line 16 covers this site\\n"
                .sum(1);
        in.keyBy(t -> t.f0).window(EventTimeSessionWindows.withGap(Time.days(1))).sum(1); // want "removed Flink's Time class .*\\nhelp: .*; the fix at line 16 covers this site\\n"
        in.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Time.of(3, java.util.concurrent.TimeUnit.MINUTES))).sum(1); // want "removed Flink's Time class .*\\nhelp: .*; the fix at line 16 covers this site\\n"
    }
}
