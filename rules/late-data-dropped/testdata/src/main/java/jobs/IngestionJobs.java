package jobs;

import java.time.Duration;
import java.util.Properties;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

// IngestionTime is a setting of the environment: the job that sets it reads
// stamped, ascending records and drops nothing; another job of the project,
// on an environment of its own, keeps event time from its consumer.
public class IngestionJobs {
    @SuppressWarnings("deprecation")
    static void ingestionJob(Properties props) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setStreamTimeCharacteristic(TimeCharacteristic.IngestionTime);
        env.addSource(new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props))
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> a)
                .print();
        env.execute();
    }

    static void eventTimeJob(Properties props) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props);
        consumer.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((s, ts) -> Long.parseLong(s)));
        env.addSource(consumer)
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements"
                .reduce((a, b) -> a)
                .print();
        env.execute();
    }
}
