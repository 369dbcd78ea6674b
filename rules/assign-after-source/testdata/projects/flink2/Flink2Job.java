package flink2;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

import java.util.Properties;

// Flink 2.x has no FlinkKafkaConsumer: flink2-removed-api reports it, not
// this rule.
public class Flink2Job {
    void build(StreamExecutionEnvironment env, Properties props, WatermarkStrategy<String> ws) {
        env.addSource(new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props)).assignTimestampsAndWatermarks(ws).print();
    }
}
