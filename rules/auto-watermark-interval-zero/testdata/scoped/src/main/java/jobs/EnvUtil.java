package jobs;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

// Settings made in helpers belong to the environments their callers pass.
public class EnvUtil {
    // Called only by ProcessingJob, which has no watermarks: silent.
    static void processingTime(StreamExecutionEnvironment env) {
        env.getConfig().setAutoWatermarkInterval(0);
    }

    // Called by EventJob on the environment its strategy runs on.
    static void noWatermarks(StreamExecutionEnvironment env) {
        env.getConfig().setAutoWatermarkInterval(0); // want "forBoundedOutOfOrderness at EventJob.java"
    }

    // Returned to ConfJob, which builds its environment from it.
    static Configuration conf() {
        Configuration c = new Configuration();
        c.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO); // want "forMonotonousTimestamps at ConfJob.java"
        return c;
    }

    // Never called in the project: shared configuration for jobs built
    // elsewhere, which stop if they use the project's periodic strategies.
    static void unused(StreamExecutionEnvironment env) {
        env.getConfig().setAutoWatermarkInterval(0); // want "is 0 in configuration that no job of the project is seen to use.*generators such as the watermark strategy"
    }
}
