package sqljobs;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

public class SqlJob {
    static final String WITH_KAFKA = " WITH ('connector' = 'kafka', 'topic' = 'views', 'format' = 'json')";

    public static void main(String[] args) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql("""
            CREATE TABLE views (
              page STRING,
              ts TIMESTAMP(3),
              WATERMARK FOR ts AS ts - INTERVAL '2' SECOND -- want "table views has a WATERMARK"
            ) WITH ('connector' = 'kafka', 'topic' = 'views', 'format' = 'json')
            """);
        tEnv.executeSql("CREATE TABLE likes (ts TIMESTAMP(3), "
            + "WATERMARK FOR ts AS ts)" + WITH_KAFKA); // want "table likes has a WATERMARK"
        String notSql = "CREATE TABLE x (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka')";
        System.out.println(notSql);
    }
}
