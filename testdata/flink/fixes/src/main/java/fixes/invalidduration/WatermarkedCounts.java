package fixes.invalidduration;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import fixes.Events;

/**
 * invalid-duration: events "key,millis" from a Kafka topic, counted per key in 1 s event-time
 * windows, on an environment whose configuration spells the watermark interval "200 msec",
 * which Flink cannot parse: the environment is never built. The cluster's config.yaml beside
 * this file spells its checkpoint interval "10 mins".
 */
public class WatermarkedCounts {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(configuration());
        counts(env).print();
        env.execute("watermarked-counts");
    }

    public static Configuration configuration() {
        Configuration conf = new Configuration();
        conf.setString("pipeline.auto-watermark-interval", "200 msec");
        return conf;
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        return env.fromSource(Events.topic("events"),
                        WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                                .withTimestampAssigner((e, ts) -> e.f1),
                        "events")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Events.Count());
    }
}
