package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

// Code inside an environment class (Flink's own setStreamTimeCharacteristic)
// sets the interval of whichever environment it runs on: no job to blame.
public class WrappedEnvironment extends StreamExecutionEnvironment {
    public void useProcessingTime() {
        getConfig().setAutoWatermarkInterval(0);
    }

    public void build() {
        fromSource(Sources.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(1)), "k").print();
    }
}
