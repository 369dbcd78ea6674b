package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

public class EventJob {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        EnvUtil.noWatermarks(env);
        env.fromSource(Sources.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "k")
            .print();
        env.execute();
    }

    // Two jobs in one file: the zero of the first says nothing about the
    // second, built on its own environment.
    static void first() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(0);
        env.fromElements(1, 2, 3).print();
        env.execute();
    }

    static void second() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSource(Sources.kafka(), WatermarkStrategy.<String>forMonotonousTimestamps(), "k").print();
        env.execute();
    }
}
