package sqljobs;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

/** Tables described with the Table API instead of CREATE TABLE. */
public class TableApiJob {
    static final Schema CLICKS = Schema.newBuilder()
        .column("user_id", DataTypes.STRING())
        .column("ts", DataTypes.TIMESTAMP(3))
        .watermark("ts", "ts - INTERVAL '5' SECOND") // want "(?s)has a WATERMARK on .kafka. and no idle timeout.*help: add .* to its TableDescriptor"
        .build();

    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.createTemporaryTable("clicks", TableDescriptor.forConnector("kafka")
            .schema(CLICKS)
            .option("topic", "clicks")
            .option("format", "json")
            .build());
        tEnv.createTemporaryTable("clicks_idle", TableDescriptor.forConnector("kafka")
            .schema(CLICKS)
            .option("topic", "clicks")
            .option("scan.watermark.idle-timeout", "1 min")
            .option("format", "json")
            .build());
        tEnv.createTemporaryTable("clicks_again", TableDescriptor.forConnector("kafka").schema(CLICKS).build());
        tEnv.createTemporaryTable("generated", TableDescriptor.forConnector("datagen")
            .schema(CLICKS)
            .build());
        tEnv.createTemporaryTable("no_watermark", TableDescriptor.forConnector("kafka")
            .schema(Schema.newBuilder().column("id", DataTypes.STRING()).build())
            .option("topic", "ids")
            .build());
    }
}
