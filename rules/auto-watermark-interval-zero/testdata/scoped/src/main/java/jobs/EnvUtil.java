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
        env.getConfig().setAutoWatermarkInterval(0); // want "strategy forBoundedOutOfOrderness emits"
    }

    // Returned to ConfJob, which builds its environment from it.
    static Configuration conf() {
        Configuration c = new Configuration();
        c.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO); // want "strategy forMonotonousTimestamps emits"
        return c;
    }

    // Never called in the project: shared configuration for jobs built
    // elsewhere, which stop if they use the project's periodic strategies.
    static void unused(StreamExecutionEnvironment env) {
        env.getConfig().setAutoWatermarkInterval(0); // want "(?s)is 0 where no job of the project is seen to use.*generators such as the watermark strategy"
    }
}
