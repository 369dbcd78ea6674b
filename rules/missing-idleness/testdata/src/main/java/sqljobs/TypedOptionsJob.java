package sqljobs;

import static org.apache.flink.table.api.config.ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;

import java.time.Duration;

// Idle timeouts set through typed options, on the job's own environment;
// each job in this file creates a table of the same name.
public class TypedOptionsJob {
    static final String EVENTS = "CREATE TABLE events (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
        + "WITH ('connector' = 'kafka', 'topic' = 'e', 'format' = 'json')";

    static void throughSettings() {
        Configuration conf = new Configuration();
        conf.set(TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofSeconds(30));
        TableEnvironment tEnv = TableEnvironment.create(
            EnvironmentSettings.newInstance().inStreamingMode().withConfiguration(conf).build());
        tEnv.executeSql(EVENTS);
        tEnv.executeSql("INSERT INTO out SELECT * FROM events");
    }

    static void throughKey() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().getConfiguration().setString(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT.key(), "30 s");
        tEnv.executeSql(EVENTS);
    }

    static void throughStreamEnvironment() {
        Configuration conf = new Configuration();
        conf.setString("table.exec.source.idle-timeout", "1 min");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.executeSql(EVENTS);
    }

    static void throughAddConfiguration() {
        Configuration conf = new Configuration();
        conf.set(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofMinutes(1));
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().addConfiguration(conf);
        tEnv.executeSql(EVENTS);
    }

    static void throughHelper() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        JobConfig.idleness(tEnv);
        tEnv.executeSql(EVENTS);
    }

    static void throughSet() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("SET 'table.exec.source.idle-timeout' = '1 min'");
        tEnv.executeSql(EVENTS);
    }

    // The timeouts above are set on other jobs' environments: none applies
    // here.
    static void unconfigured() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE events (ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka', 'topic' = 'e', 'format' = 'json')"); // want "table events has a WATERMARK"
    }

    // LIKE copies the table of this job, not the same-named table of another.
    static void likeInOneJob() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE base (ts TIMESTAMP(3)) WITH ('connector' = 'kafka', 'topic' = 'b', 'format' = 'json')");
        tEnv.executeSql("CREATE TABLE copied (WATERMARK FOR ts AS ts) LIKE base"); // want "(?s)table copied has a WATERMARK.*getConfig..\\.set..table\\.exec\\.source\\.idle-timeout., .1 min.. on its TableEnvironment"
    }

    static void likeElsewhere() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("CREATE TABLE base (ts TIMESTAMP(3)) WITH ('connector' = 'kafka', "
            + "'scan.watermark.idle-timeout' = '1 min', 'topic' = 'b', 'format' = 'json')");
    }
}
