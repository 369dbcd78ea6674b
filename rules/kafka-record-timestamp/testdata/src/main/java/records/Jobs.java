package records;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;

import java.time.Duration;

public class Jobs {
    static KafkaSource<String> clicks() {
        return KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }

    static long eventTime(String line) {
        return Long.parseLong(line.split(",")[0]);
    }

    void violations(StreamExecutionEnvironment env) {
        // The strategy keeps the record timestamps of the KafkaSource.
        env.fromSource(clicks(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "clicks") // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Held in a variable, with idleness but no assigner.
        WatermarkStrategy<String> ws = WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1));
        DataStream<String> stream = env.fromSource(clicks(), ws, "clicks"); // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
        stream.keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Assigned after the source, through a map: the records still carry Kafka's timestamps.
        env.fromSource(clicks(), WatermarkStrategy.noWatermarks(), "clicks")
            .map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5))) // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env) {
        // The event's own time.
        env.fromSource(clicks(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((line, ts) -> eventTime(line)), "clicks")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // The assigner is set on the variable's chain.
        WatermarkStrategy<String> stamped = WatermarkStrategy.<String>forMonotonousTimestamps()
            .withTimestampAssigner((line, ts) -> eventTime(line))
            .withIdleness(Duration.ofMinutes(1));
        env.fromSource(clicks(), stamped, "clicks")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Processing time only: the record timestamps are never read.
        env.fromSource(clicks(), WatermarkStrategy.<String>forMonotonousTimestamps(), "clicks")
            .keyBy(s -> s)
            .window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Printed as read: no event-time logic downstream.
        env.fromSource(clicks(), WatermarkStrategy.<String>forMonotonousTimestamps(), "clicks").print();

        // A later assigner replaces the record timestamps before any window.
        env.fromSource(clicks(), WatermarkStrategy.<String>forMonotonousTimestamps(), "clicks")
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps()
                .withTimestampAssigner((line, ts) -> eventTime(line)))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // The source has an assigner: a second strategy without one keeps the event times.
        env.fromSource(clicks(), WatermarkStrategy.<String>forMonotonousTimestamps()
                .withTimestampAssigner((line, ts) -> eventTime(line)), "clicks")
            .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }
}
