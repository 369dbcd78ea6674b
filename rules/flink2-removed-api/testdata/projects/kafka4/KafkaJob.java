package kafka4;

import org.apache.flink.streaming.connectors.kafka.FlinkKafkaProducer; // want "FlinkKafkaProducer is removed in flink-connector-kafka 4.0.1-2.0 \\(the project targets Flink 2.0, per pom.xml"

public class KafkaJob {
}
