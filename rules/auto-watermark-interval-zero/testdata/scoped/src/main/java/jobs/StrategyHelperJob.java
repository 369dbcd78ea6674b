package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

// Strategies built in helpers count for the job whose fromSource or
// assignTimestampsAndWatermarks takes them.
public class StrategyHelperJob {
    static WatermarkStrategy<String> strategy() {
        return WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(2))
            .withTimestampAssigner((e, ts) -> Long.parseLong(e));
    }

    static WatermarkStrategy<String> punctuated() {
        return WatermarkStrategy.forGenerator(ctx -> new Punctuated());
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(0); // want "strategy forBoundedOutOfOrderness emits"
        env.fromSource(Sources.kafka(), strategy(), "k").print();
        env.execute();
    }

    // A punctuated generator emits in onEvent: the zero stops nothing.
    static void punctuatedJob() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(0);
        env.fromSource(Sources.kafka(), punctuated(), "k").print();
        env.execute();
    }
}
