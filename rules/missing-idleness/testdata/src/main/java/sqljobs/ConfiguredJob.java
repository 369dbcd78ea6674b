package sqljobs;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

/** The idle timeout is set in code, for every table of this program. */
public class ConfiguredJob {
    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("table.exec.source.idle-timeout", "30 s");
        tEnv.executeSql("CREATE TABLE shares (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) "
            + "WITH ('connector' = 'kafka', 'topic' = 'shares', 'format' = 'json')");
    }
}
