package kafka4;

import org.apache.flink.streaming.connectors.kafka.FlinkKafkaProducer; // want "flink-connector-kafka 4.0.1-2.0 removed FlinkKafkaProducer\\n"

public class KafkaJob {
}
