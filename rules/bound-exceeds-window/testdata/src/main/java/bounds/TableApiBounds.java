package bounds;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

/**
 * A table described with the Table API: its watermark expression is SQL text,
 * read as the WATERMARK of a CREATE TABLE.
 */
public class TableApiBounds {
    static Schema clicks(String delay) {
        return Schema.newBuilder()
            .column("user_id", DataTypes.STRING())
            .column("ts", DataTypes.TIMESTAMP(3))
            .watermark("ts", "ts - INTERVAL '" + delay + "' MINUTE")
            .build();
    }

    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.createTemporaryTable("late_clicks", TableDescriptor.forConnector("datagen")
            .schema(Schema.newBuilder()
                .column("user_id", DataTypes.STRING())
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts - INTERVAL '30' MINUTE") // want "watermark delay of 30 min exceeds the 5 min size of the TUMBLE window"
                .build())
            .build());
        tEnv.createTemporaryTable("tight_clicks", TableDescriptor.forConnector("datagen")
            .schema(Schema.newBuilder()
                .column("user_id", DataTypes.STRING())
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts - INTERVAL '10' SECOND")
                .build())
            .build());
        tEnv.createTemporaryTable("unknown_clicks", TableDescriptor.forConnector("datagen")
            .schema(clicks(args[0]))
            .build());
        tEnv.sqlQuery("SELECT user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE late_clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTE)) GROUP BY user_id, window_start, window_end").execute().print();
        tEnv.sqlQuery("SELECT user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE tight_clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTE)) GROUP BY user_id, window_start, window_end").execute().print();
        tEnv.sqlQuery("SELECT user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE unknown_clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTE)) GROUP BY user_id, window_start, window_end").execute().print();
    }
}
