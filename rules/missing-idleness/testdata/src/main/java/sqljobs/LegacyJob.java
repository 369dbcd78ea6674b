package sqljobs;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.java.StreamTableEnvironment;

// Flink 1.10: legacy Kafka DDL passed to the deprecated sqlUpdate, with a
// table name computed at run time.
public class LegacyJob {
    static final String KAFKA = " WITH ('connector.type' = 'kafka', 'connector.version' = 'universal', "
        + "'connector.topic' = 'clicks', 'format.type' = 'json')";

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.sqlUpdate("CREATE TABLE legacy_clicks (ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts)" + KAFKA); // want "(?s)table legacy_clicks has a WATERMARK on 'kafka' and no idle timeout.*legacy 'connector.type'"
        String table = args[0];
        tEnv.sqlUpdate("CREATE TABLE " + table + " (ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts)" + KAFKA); // want "^this table has a WATERMARK"
        tEnv.sqlUpdate("INSERT INTO out SELECT * FROM legacy_clicks");
        env.execute();
    }
}
