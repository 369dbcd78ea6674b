package shapes;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.TableDescriptor;
import org.apache.flink.table.api.TableEnvironment;

/** A table that is only written: Flink generates watermarks where it reads a table, never for a sink. */
public class TableSinks {
    void run(TableEnvironment tEnv, Table rows) {
        rows.executeInsert(TableDescriptor.forConnector("kafka")
            .schema(Schema.newBuilder().column("t", DataTypes.TIMESTAMP_LTZ(3)).watermark("t", "t - INTERVAL '10' SECOND").build())
            .option("topic", "out")
            .build());
        TableDescriptor sink = TableDescriptor.forConnector("upsert-kafka")
            .schema(Schema.newBuilder().column("t", DataTypes.TIMESTAMP_LTZ(3)).watermark("t", "t - INTERVAL '10' SECOND").build())
            .build();
        tEnv.createStatementSet().addInsert(sink, rows).execute();

        // Written and registered under a name that may be read: reported.
        TableDescriptor both = TableDescriptor.forConnector("kafka")
            .schema(Schema.newBuilder().column("t", DataTypes.TIMESTAMP_LTZ(3))
                .watermark("t", "t - INTERVAL '10' SECOND").build()) // want "table both has a WATERMARK"
            .build();
        rows.executeInsert(both);
        tEnv.createTemporaryTable("both", both);
    }
}
