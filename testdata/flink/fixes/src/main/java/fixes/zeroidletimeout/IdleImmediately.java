package fixes.zeroidletimeout;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import fixes.Events;

/**
 * zero-idle-timeout: events "key,millis" from a Kafka topic, counted per key in 1 s event-time
 * windows. Meant to mark a quiet partition idle at once, the strategy's withIdleness gets
 * Duration.ZERO, which WatermarkStrategy refuses: the job is never built.
 */
public class IdleImmediately {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("idle-immediately");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        return env.fromSource(Events.topic("events"),
                        WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                                .withTimestampAssigner((e, ts) -> e.f1)
                                .withIdleness(Duration.ZERO),
                        "events")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Events.Count());
    }
}
