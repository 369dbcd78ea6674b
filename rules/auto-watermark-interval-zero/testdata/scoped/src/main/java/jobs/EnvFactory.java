package jobs;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

// Environments made in factories and tuned in helpers: the setting belongs
// to the job that keeps the environment a factory returns, or passes one
// to a helper.
public class EnvFactory {
    // Kept by FactoryJob.main.
    static StreamExecutionEnvironment createEnv() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(0); // want "strategy forBoundedOutOfOrderness emits"
        return env;
    }

    // The environment is built on the configuration and returned: FactoryJob's
    // field holds it.
    static StreamExecutionEnvironment fromOptions() {
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(0)); // want "strategy forMonotonousTimestamps emits"
        return StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }

    // Called by FactoryJob.tuned on its environment.
    static void tuneForLatency(StreamExecutionEnvironment env) {
        env.getConfig().setAutoWatermarkInterval(0L); // want "strategy forMonotonousTimestamps emits"
    }

    // Called only by ProcessingJob: silent.
    static StreamExecutionEnvironment processingTime() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(0);
        return env;
    }

    // Nobody in the project calls it: the jobs built on it are elsewhere.
    public static StreamExecutionEnvironment forLibraryUsers() {
        Configuration conf = new Configuration();
        conf.setString("pipeline.auto-watermark-interval", "0 ms"); // want "no job of the project is seen to use"
        return StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }

    // A positive interval in a factory: nothing to say.
    static StreamExecutionEnvironment positive() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(200);
        return env;
    }
}
