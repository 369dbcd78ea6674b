package cfg;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

public class CodeDurations {
    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("table.exec.source.idle-timeout", "PT1M"); // want "'PT1M' is not a duration"
        tEnv.getConfig().set("table.exec.state.ttl", "1 d");
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
