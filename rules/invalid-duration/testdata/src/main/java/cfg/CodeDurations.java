package cfg;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

public class CodeDurations {
    // A constant may serve more than the setting: the fix leaves it to the author.
    static final String MINI_BATCH = "5 msecs";

    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("table.exec.source.idle-timeout", "PT1M"); // want "'PT1M' is not a duration"
        tEnv.getConfig().set("table.exec.state.ttl", "1 d");
        tEnv.getConfig().set("table.exec.state.ttl", "36 hrs"); // want "'36 hrs' is not a duration"
        tEnv.getConfig().set("table.exec.mini-batch.allow-latency", MINI_BATCH); // want "'5 msecs' is not a duration"
        tEnv.executeSql("SET 'execution.checkpointing.interval' = '10 mins'"); // want "'10 mins' is not a duration"
        tEnv.createTemporaryTable("clicks", TableDescriptor.forConnector("kafka")
            .schema(Schema.newBuilder().column("ts", DataTypes.TIMESTAMP(3)).build())
            .option("scan.watermark.idle-timeout", "1 mi") // want "scan.watermark.idle-timeout = '1 mi' is not a duration"
            .option("topic", "clicks")
            .build());
        tEnv.createTemporaryTable("views", TableDescriptor.forConnector("kafka")
            .option("scan.watermark.idle-timeout", "1 min")
            .build());
    }
}
