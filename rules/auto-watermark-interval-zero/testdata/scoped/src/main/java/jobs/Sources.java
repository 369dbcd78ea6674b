package jobs;

import org.apache.flink.connector.kafka.source.KafkaSource;

class Sources {
    static KafkaSource<String> kafka() {
        return KafkaSource.<String>builder().setTopics("t").build();
    }
}
