package sqljobs;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

// Two jobs in one file: an idle timeout set on one job's environment says
// nothing about the tables of the other.
public class TableApiScoped {
    static void configured() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("table.exec.source.idle-timeout", "1 min");
        tEnv.createTemporaryTable("clicks", TableDescriptor.forConnector("kafka")
            .schema(Schema.newBuilder()
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts - INTERVAL '5' SECOND")
                .build())
            .option("topic", "clicks")
            .build());
        tEnv.from("clicks").execute().print();
    }

    static void unconfigured() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        TableDescriptor orders = TableDescriptor.forConnector("kafka")
            .schema(Schema.newBuilder()
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts - INTERVAL '5' SECOND") // want "(?s)has a WATERMARK on .kafka. and no idle timeout.*help: add .* to its TableDescriptor"
                .build())
            .option("topic", "orders")
            .build();
        tEnv.from(orders).execute().print();
    }
}
