package fixes.zeroidletimeout;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;

import fixes.Events;

/**
 * zero-idle-timeout: clicks "key,millis" from two Kafka topics, web and app, made tables with
 * a WATERMARK and counted together in 1 s tumbling windows. Meant to mark a quiet source idle
 * at once, the job sets table.exec.source.idle-timeout to '0 ms', which means "never idle": a
 * topic that receives nothing holds the watermark back, and no window fires while the job
 * runs. The SQL client script and the config.yaml beside this file do the same.
 */
public class WebAndApp {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("web-and-app");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.getConfig().set("table.exec.source.idle-timeout", "0 ms");
        Schema schema = Schema.newBuilder()
                .column("f0", "STRING")
                .column("f1", "BIGINT")
                .columnByExpression("rt", "TO_TIMESTAMP_LTZ(f1, 3)")
                .watermark("rt", "rt - INTERVAL '0.1' SECOND")
                .build();
        tEnv.createTemporaryView("web", tEnv.fromDataStream(clicks(env, "web"), schema));
        tEnv.createTemporaryView("app", tEnv.fromDataStream(clicks(env, "app"), schema));
        Table counts = tEnv.sqlQuery(
                "SELECT CAST(TUMBLE_START(rt, INTERVAL '1' SECOND) AS STRING) AS w, COUNT(*) AS n"
                        + " FROM (SELECT * FROM web UNION ALL SELECT * FROM app)"
                        + " GROUP BY TUMBLE(rt, INTERVAL '1' SECOND)");
        return tEnv.toDataStream(counts).map(Row::toString);
    }

    /** The clicks of one topic, read by a source of that name. */
    static DataStream<Tuple2<String, Long>> clicks(StreamExecutionEnvironment env, String topic) {
        return env.fromSource(Events.topic(topic), WatermarkStrategy.noWatermarks(), topic);
    }
}
