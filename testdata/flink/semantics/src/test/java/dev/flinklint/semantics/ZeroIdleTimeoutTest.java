package dev.flinklint.semantics;

import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.eventtime.WatermarksWithIdleness;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.description.HtmlFormatter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * zero-idle-timeout: withIdleness(Duration.ZERO) or a negative timeout throws
 * IllegalArgumentException at that call, before any job exists; in SQL a zero idle timeout
 * is accepted and means "no idleness".
 */
class ZeroIdleTimeoutTest {

    @Test
    void zeroIdleTimeout_withIdlenessZeroThrowsAtTheCall() {
        WatermarkStrategy<Long> s = WatermarkStrategy.forMonotonousTimestamps();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.withIdleness(Duration.ZERO));
        assertEquals("idleTimeout must be greater than zero", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.withIdleness(Duration.ofMillis(0)));
        assertThrows(IllegalArgumentException.class, () -> s.withIdleness(Duration.ofSeconds(-1)));
        // the generator makes the same check in its constructor
        assertThrows(IllegalArgumentException.class,
                () -> new WatermarksWithIdleness<Long>(s.createWatermarkGenerator(null), Duration.ZERO));
        // fixed: a positive timeout
        s.withIdleness(Duration.ofMinutes(1));
        s.withIdleness(Duration.ofMillis(1));
    }

    static String describe(ConfigOption<?> o) {
        return new HtmlFormatter().format(o.description());
    }

    @Test
    void zeroIdleTimeout_sqlOptionsAsDescribedInTheJars() {
        ConfigOption<Duration> global = ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT;
        assertEquals("table.exec.source.idle-timeout", global.key());
        assertEquals(Duration.ZERO, global.defaultValue());
        System.out.println("zero-idle-timeout: " + global.key() + ": " + describe(global));
        assertTrue(describe(global).contains("Default value is 0, which means detecting source idleness is not enabled"),
                describe(global));

        ConfigOption<Duration> table = FactoryUtil.SOURCE_IDLE_TIMEOUT;
        assertEquals("scan.watermark.idle-timeout", table.key());
        assertFalse(table.hasDefaultValue());
        System.out.println("zero-idle-timeout: " + table.key() + ": " + describe(table));
    }

    /**
     * A table job without Kafka: two tables made from DataStreams with a WATERMARK (the
     * planner's WatermarkAssignerOperator, which reads table.exec.source.idle-timeout), one
     * busy and one quiet, UNION ALL into a tumbling window. With '0 ms' the quiet table is
     * never idle and no window fires while the sources are open; with '500 ms' it goes idle
     * and windows fire.
     */
    static void runSql(String job, String idleTimeout, long openMs) throws Exception {
        String gate = job + "-gate";
        StreamExecutionEnvironment env = env(1);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.getConfig().set("table.exec.source.idle-timeout", idleTimeout);
        Schema schema = Schema.newBuilder()
                .column("f0", "STRING")
                .column("f1", "BIGINT")
                .columnByExpression("rt", "TO_TIMESTAMP_LTZ(f1, 3)")
                .watermark("rt", "rt - INTERVAL '0.1' SECOND")
                .build();
        ScriptedSource busy = new ScriptedSource(job, List.of(emitUntilGate("busy", 0, 100, 20, gate, openMs)));
        // the quiet table ends 2 s after the busy one: until then only idleness can release the watermark
        ScriptedSource quiet = new ScriptedSource(job + "-quiet", List.of(gate(gate, openMs + 2_000)));
        tEnv.createTemporaryView("busy", tEnv.fromDataStream(
                env.fromSource(busy, WatermarkStrategy.noWatermarks(), "busy", Types.TUPLE(Types.STRING, Types.LONG)), schema));
        tEnv.createTemporaryView("quiet", tEnv.fromDataStream(
                env.fromSource(quiet, WatermarkStrategy.noWatermarks(), "quiet", Types.TUPLE(Types.STRING, Types.LONG)), schema));
        Table counts = tEnv.sqlQuery(
                "SELECT CAST(TUMBLE_START(rt, INTERVAL '1' SECOND) AS STRING) AS w, COUNT(*) AS n"
                        + " FROM (SELECT * FROM busy UNION ALL SELECT * FROM quiet)"
                        + " GROUP BY TUMBLE(rt, INTERVAL '1' SECOND)");
        tEnv.toDataStream(counts).map(Row::toString).addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    @Test
    void zeroIdleTimeout_sqlGlobalZeroMeansNoIdleness() throws Exception {
        runSql("zit-sql-0", "0 ms", 3_000);
        assertFalse(results("zit-sql-0").isEmpty());
        assertTrue(afterEnd("zit-sql-0").stream().allMatch(b -> b), "no window before the end: " + afterEnd("zit-sql-0"));
        runSql("zit-sql-500", "500 ms", 60_000);
        assertFalse(afterEnd("zit-sql-500").get(0), "with 500 ms the quiet table goes idle and a window fires");
    }
}
