package fixable;

import java.time.Duration;
import org.apache.flink.api.java.utils.ParameterTool; // want "org.apache.flink.api.java.utils.ParameterTool is gone in Flink 2.0 .*moved to org.apache.flink.util.ParameterTool"
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

// google-java-format's order: the ParameterTool of org.apache.flink.util
// sorts after StreamExecutionEnvironment, so the fix moves the import
// there, its comment with it, rather than rewrite it in place.
public class ParamsJob {
    static void build(String[] args) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(Duration.ofSeconds(1).toMillis());
        env.getConfig().setGlobalJobParameters(ParameterTool.fromArgs(args));
    }
}
