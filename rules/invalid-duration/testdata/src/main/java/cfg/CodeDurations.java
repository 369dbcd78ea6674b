package cfg;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

public class CodeDurations {
    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("table.exec.source.idle-timeout", "PT1M"); // want "'PT1M' is not a duration"
        tEnv.getConfig().set("table.exec.state.ttl", "1 d");
    }
}
