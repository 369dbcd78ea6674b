package records;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

import java.time.Duration;
import java.util.Properties;

public class Legacy {
    void violations(StreamExecutionEnvironment env, Properties props) {
        // The legacy consumer's per-partition strategy has no assigner.
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("views", new SimpleStringSchema(), props);
        consumer.setStartFromLatest();
        consumer.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))); // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
        env.addSource(consumer)
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Assigned on the consumer's stream.
        env.addSource(new FlinkKafkaConsumer<>("views", new SimpleStringSchema(), props))
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()) // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env, Properties props) {
        // A legacy extractor reads the event.
        env.addSource(new FlinkKafkaConsumer<>("views", new SimpleStringSchema(), props))
            .assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor<String>(Time.seconds(5)) {
                @Override
                public long extractTimestamp(String line) {
                    return Jobs.eventTime(line);
                }
            })
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // The consumer's strategy has an assigner.
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("views", new SimpleStringSchema(), props);
        consumer.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps()
            .withTimestampAssigner((line, ts) -> Jobs.eventTime(line)));
        env.addSource(consumer)
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }
}
