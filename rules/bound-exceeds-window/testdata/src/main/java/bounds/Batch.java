package bounds;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** In BATCH mode windows fire on the final watermark; no bound delays them. */
public class Batch {
    void batch(StreamExecutionEnvironment env) {
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.fromSource(Jobs.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofHours(1)), "batch")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);
    }
}
