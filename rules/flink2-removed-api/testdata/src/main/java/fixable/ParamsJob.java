package fixable;

import java.time.Duration;
import org.apache.flink.api.java.utils.ParameterTool; // want "ParameterTool moved to org.apache.flink.util"
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
