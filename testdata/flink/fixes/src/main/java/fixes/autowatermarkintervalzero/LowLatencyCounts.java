package fixes.autowatermarkintervalzero;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import fixes.Events;

/**
 * auto-watermark-interval-zero: events "key,millis" from a Kafka topic, counted per key in 500 ms
 * event-time windows. Meant to make watermarks follow the events at once, the job sets the
 * auto-watermark interval to 0, which turns periodic emission off: its forBoundedOutOfOrderness
 * strategy then emits no watermark, and no window fires while the job runs. The cluster's
 * config.yaml beside this file does the same.
 */
public class LowLatencyCounts {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("low-latency-counts");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        env.getConfig().setAutoWatermarkInterval(0);
        return env.fromSource(Events.topic("events"),
                        WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                                .withTimestampAssigner((e, ts) -> e.f1),
                        "events")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(500)))
                .process(new Events.Count());
    }
}
