package events;

import static org.apache.flink.table.api.Expressions.$;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

/**
 * Tables described with the Table API: a computed column's expression is SQL
 * text, read as in CREATE TABLE.
 */
public class TableApiTimestamps {
    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.createTemporaryTable("logins", TableDescriptor.forConnector("datagen")
            .schema(Schema.newBuilder()
                .column("user_id", DataTypes.STRING())
                .column("login_sec", DataTypes.BIGINT())
                .column("login_ms", DataTypes.BIGINT())
                .columnByExpression("ts", "TO_TIMESTAMP_LTZ(login_sec, 3)") // want "^TO_TIMESTAMP_LTZ\\(login_sec, 3\\) on seconds: the name says seconds\\nhelp: use TO_TIMESTAMP_LTZ\\(login_sec, 0\\) for seconds"
                .columnByExpression("ok1", "TO_TIMESTAMP_LTZ(login_sec, 0)")
                .columnByExpression("ok2", "TO_TIMESTAMP_LTZ(login_ms, 3)")
                .columnByExpression("dsl", $("login_sec").cast(DataTypes.TIMESTAMP_LTZ(3)))
                .watermark("ts", "ts - INTERVAL '5' SECOND")
                .build())
            .build());
        tEnv.from("logins").execute().print();
    }
}
