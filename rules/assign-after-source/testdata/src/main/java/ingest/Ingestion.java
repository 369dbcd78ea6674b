package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

import java.util.Properties;

// Under the IngestionTime characteristic the legacy source context stamps
// the records with the processing clock and drops the consumer's own
// watermarks: only an assignment after the source gives event time. The
// job that sets it is silent; another job of the project is not.
public class Ingestion {
    static void ingestionJob(Properties props, WatermarkStrategy<String> ws) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setStreamTimeCharacteristic(TimeCharacteristic.IngestionTime);
        env.addSource(new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props)).assignTimestampsAndWatermarks(ws).print();
        env.execute();
    }

    static void eventTimeJob(Properties props, WatermarkStrategy<String> ws) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.addSource(new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props)).assignTimestampsAndWatermarks(ws).print(); // want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"
        env.execute();
    }
}
