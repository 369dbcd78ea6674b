package removed;

import java.util.Properties;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaProducer;

public class KafkaLegacy {
    static void build(StreamExecutionEnvironment env, Properties props) {
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("in", new SimpleStringSchema(), props); // want "^flink-connector-kafka 4.0.0-2.0 removed FlinkKafkaConsumer\\nhelp: use KafkaSource .*\\nnote: .*FLINK-36848"
        DataStream<String> lines = env.addSource(consumer); // want "addSource takes only a legacy SourceFunction"
        lines.addSink(new FlinkKafkaProducer<>("out", new SimpleStringSchema(), props)); // want "addSink takes only a legacy SinkFunction" "flink-connector-kafka 4.0.0-2.0 removed FlinkKafkaProducer\\nhelp: use KafkaSink"
    }
}
