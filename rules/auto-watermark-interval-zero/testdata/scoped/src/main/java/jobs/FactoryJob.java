package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

public class FactoryJob {
    private final StreamExecutionEnvironment env;

    FactoryJob() {
        this.env = EnvFactory.fromOptions();
    }

    void run() throws Exception {
        env.fromSource(Sources.kafka(), WatermarkStrategy.<String>forMonotonousTimestamps(), "k").print();
        env.execute();
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = EnvFactory.createEnv();
        env.fromSource(Sources.kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "k")
            .print();
        env.execute();
        new FactoryJob().run();
    }

    static void tuned() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        EnvFactory.tuneForLatency(env);
        env.fromSource(Sources.kafka(), WatermarkStrategy.<String>forMonotonousTimestamps(), "k").print();
        env.execute();
    }
}
