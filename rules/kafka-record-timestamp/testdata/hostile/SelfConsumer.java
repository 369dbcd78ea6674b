package hostile;

import java.util.Properties;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

// A variable initialized from itself: javac rejects it ("might not have
// been initialized"), so no Maven module compiles this directory; the rule
// must still finish.
public class SelfConsumer {
    static void build(StreamExecutionEnvironment env, WatermarkStrategy<String> ws) {
        FlinkKafkaConsumer<String> c = c.setStartFromLatest();
        c.assignTimestampsAndWatermarks(ws);
        env.addSource(c).print();
    }

    static void loop(StreamExecutionEnvironment env, WatermarkStrategy<String> ws) {
        FlinkKafkaConsumer<String> a = b.setStartFromLatest();
        FlinkKafkaConsumer<String> b = a.setStartFromEarliest();
        a.assignTimestampsAndWatermarks(ws);
        env.addSource(b).print();
    }
}
