package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * A recursive helper that assigns timestamps to its own result: the walk
 * from an assigner to its inputs comes back to the same assigner, and
 * follows it once.
 */
public class RecursiveStages {
    static final WatermarkStrategy<String> WS = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ZERO)
            .withTimestampAssigner((line, ts) -> Long.parseLong(line));

    static DataStream<String> stages(DataStream<String> in, int n) {
        DataStream<String> t = in.assignTimestampsAndWatermarks(WS);
        t.keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
        return n == 0 ? t : stages(t, n - 1);
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        stages(env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "events"), 3);
        env.execute();
    }

    /** The same helper that nothing calls: no job runs its window. */
    static DataStream<String> uncalled(DataStream<String> in, int n) {
        DataStream<String> t = in.assignTimestampsAndWatermarks(WS);
        t.keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
        return n == 0 ? t : uncalled(t, n - 1);
    }
}
