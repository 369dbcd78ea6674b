package sql;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;

import java.time.Duration;

public class CodeConfig {
    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("table.exec.source.idle-timeout", "0 s"); // want "idleness off for the whole job"
        tEnv.getConfig().set(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ZERO); // want "idleness off"
        Configuration conf = new Configuration();
        conf.setString("table.exec.source.idle-timeout", "5 min");
        tEnv.executeSql("SET 'table.exec.source.idle-timeout' = '0'"); // want "idleness off"
    }
}
