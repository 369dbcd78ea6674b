package jobs;

import org.apache.flink.streaming.api.datastream.DataStream;

/** Where the jobs of Reached write. */
class Sinks {
    static void write(DataStream<String> lines) {
        lines.sinkTo(LateFirings.kafka());
    }

    static org.apache.flink.streaming.api.functions.sink.SinkFunction<String> legacy() {
        return new org.apache.flink.streaming.connectors.kafka.FlinkKafkaProducer<>(
            "kafka:9092", "counts", new org.apache.flink.api.common.serialization.SimpleStringSchema());
    }
}
