package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;

/** The fix's shapes: it imports Duration, and needs the element type where it chains a call. */
public class Fixes {
    void sourceInAVariable(StreamExecutionEnvironment env) {
        KafkaSource<String> clicks = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        env.fromSource(clicks, WatermarkStrategy.noWatermarks(), "clicks")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.minutes(1))) // want "never fire"
            .reduce((a, b) -> a + b)
            .print();
    }

    // No fix: the strategy is defined apart, and may serve other sources; a
    // strategy assigned after the source is dropped, and meant to be used.
    void droppedAssignment(StreamExecutionEnvironment env, KafkaSource<String> views) {
        DataStream<String> stream = env.fromSource(views, WatermarkStrategy.noWatermarks(), "views");
        stream.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((s, ts) -> Long.parseLong(s)));
        stream.keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.minutes(1))) // want "KafkaSource\\nhelp: use the stream that assignTimestampsAndWatermarks returns"
            .reduce((a, b) -> a + b)
            .print();
    }

    void strategyApart(StreamExecutionEnvironment env, KafkaSource<String> orders) {
        WatermarkStrategy<String> none = WatermarkStrategy.noWatermarks();
        env.fromSource(orders, none, "orders")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.minutes(1))) // want "never fire"
            .reduce((a, b) -> a + b)
            .print();
    }
}
