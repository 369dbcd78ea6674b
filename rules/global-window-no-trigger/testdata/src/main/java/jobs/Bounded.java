package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;

/**
 * On bounded input the fix fires the global window once, at the end of the input
 * (createWithEndOfStreamTrigger); on unbounded input the trigger is the author's choice.
 */
public class Bounded {
    void sequence(StreamExecutionEnvironment env) {
        env.fromSequence(1, 10).keyBy(v -> v % 2).window(GlobalWindows.create()).reduce(Long::sum); // want "never fires\\nhelp: use GlobalWindows.createWithEndOfStreamTrigger\\(\\)"
        env.fromData(1L, 2L, 3L).windowAll(GlobalWindows.create()).reduce(Long::sum); // want "never fires"
    }

    void boundedKafka(StreamExecutionEnvironment env) {
        KafkaSource<String> source = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("orders")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .setBounded(OffsetsInitializer.latest())
            .build();
        DataStream<String> orders = env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders");
        orders.keyBy(o -> o.split(",")[0])
            .window(org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create()) // want "never fires"
            .reduce((a, b) -> a + ";" + b)
            .print();
    }

    // No fix: unbounded input, or an assigner held in a variable.
    void unboundedKafka(StreamExecutionEnvironment env) {
        KafkaSource<String> source = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("orders")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders")
            .keyBy(o -> o.split(",")[0])
            .window(GlobalWindows.create()) // want "never fires\\nhelp: add .trigger"
            .reduce((a, b) -> a + ";" + b);
    }

    void assignerInALocal(StreamExecutionEnvironment env) {
        GlobalWindows all = GlobalWindows.create();
        env.fromSequence(1, 10).keyBy(v -> v % 2).window(all).reduce(Long::sum); // want "never fires"
    }
}
