package sqljobs;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;

import java.time.Duration;

// Idle timeouts set through typed options in the factories that build the
// job's environment, and on a TableConfig held in a variable.
public class FactoryOptionsJob {
    static TableEnvironment createTableEnv() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().getConfiguration().set(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofMinutes(1));
        return tEnv;
    }

    // The table environment is built on the configuration and returned.
    static StreamTableEnvironment createStreamTableEnv() {
        Configuration configuration = new Configuration();
        configuration.set(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofSeconds(30));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        return StreamTableEnvironment.create(env);
    }

    static void fromFactory() {
        TableEnvironment tEnv = createTableEnv();
        tEnv.executeSql("CREATE TABLE factory_clicks (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
            + "WITH ('connector' = 'kafka', 'topic' = 'c', 'format' = 'json')");
    }

    static void fromStreamFactory() {
        StreamTableEnvironment tEnv = createStreamTableEnv();
        tEnv.executeSql("CREATE TABLE factory_views (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
            + "WITH ('connector' = 'kafka', 'topic' = 'v', 'format' = 'json')");
    }

    static void throughTableConfig() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        TableConfig config = tEnv.getConfig();
        config.set(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofMinutes(1));
        tEnv.executeSql("CREATE TABLE config_orders (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
            + "WITH ('connector' = 'kafka', 'topic' = 'o', 'format' = 'json')");
    }

    // The factory's environment is not this job's: no timeout applies.
    static void ownEnvironment() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        String ddl = "CREATE TABLE own_payments (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka', 'topic' = 'p', 'format' = 'json')"; // want "table own_payments has a WATERMARK"
        tEnv.executeSql(ddl);
    }
}
