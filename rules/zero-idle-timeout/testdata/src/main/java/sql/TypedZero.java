package sql;

import static org.apache.flink.table.api.config.ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;

import java.time.Duration;

// Typed options: a statically imported ConfigOption, its key(), a
// Configuration given to the environment.
public class TypedZero {
    public static void main(String[] args) {
        Configuration conf = new Configuration();
        conf.set(TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofMillis(0)); // want "idleness off for the whole job"
        conf.setString(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT.key(), "0 ms"); // want "'0 ms' turns source idleness off"
        conf.set(TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofSeconds(30));
        conf.setString(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT.key(), "30 s");
        StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }
}
