package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;
import java.util.function.Function;

/** Streams passed between helpers that call each other, and lambdas that apply themselves. */
public class Cycles {
    static Function<DataStream<String>, DataStream<String>> loop;

    void run(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        ping(env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "clicks"), 3);
        loop = s -> {
            s.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()); // want "^watermark strategy assigned (again )?after fromSource.*\\n.*\\nnote: records of a lagging KafkaSource partition"
            return loop.apply(s.filter(x -> true));
        };
        loop.apply(env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "again"));
        DataStream<String> s = env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "reassigned");
        s = s.map(String::trim);
        s = s.filter(x -> !x.isEmpty());
        s.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()); // want "^watermark strategy assigned (again )?after fromSource.*\\n.*\\nnote: records of a lagging KafkaSource partition"
    }

    void ping(DataStream<String> s, int n) {
        if (n > 0) {
            pong(s.map(String::trim), n - 1);
        }
        s.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))).print(); // want "^watermark strategy assigned (again )?after fromSource.*\\n.*\\nnote: records of a lagging KafkaSource partition"
    }

    void pong(DataStream<String> s, int n) {
        ping(s.filter(x -> true), n);
    }

    void lambda(Function<DataStream<String>, DataStream<String>> f, DataStream<String> s) {
        f.apply(s).assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()).print();
    }
}
