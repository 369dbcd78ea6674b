package old;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;

/** Bounded input, but Flink 1.19 has no createWithEndOfStreamTrigger: no fix. */
public class OldFlink {
    void bounded(StreamExecutionEnvironment env) {
        env.fromSequence(1, 10).keyBy(v -> v % 2).window(GlobalWindows.create()).reduce(Long::sum); // want "never fires"
    }
}
