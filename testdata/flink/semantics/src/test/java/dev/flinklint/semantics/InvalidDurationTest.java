package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.env;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.util.TimeUtils;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * invalid-duration: the values the rule's page lists are refused by Flink's own parser
 * (TimeUtils.parseDuration), by a Configuration when the option is read, when an environment
 * is configured with them, and by a table job; the listed units are accepted.
 */
class InvalidDurationTest {

    static final List<String> REJECTED = List.of(
            "1.5 s", "0.5 min", "1.5 min", "-1 ms", "1 mins", "1 hr", "1 h 30 min", "1,000", "PT1M", "1 mi", "");

    @Test
    void invalidDuration_timeUtilsRejectsThePagesExamples() {
        for (String v : REJECTED) {
            assertThrows(Exception.class, () -> TimeUtils.parseDuration(v), "'" + v + "' should be rejected");
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TimeUtils.parseDuration("-1 ms"));
        assertTrue(e.getMessage().contains("does not start with a number"), e.getMessage());
    }

    @Test
    void invalidDuration_timeUtilsAcceptsThePagesUnits() {
        assertEquals(Duration.ofMinutes(1), TimeUtils.parseDuration("1 min"));
        assertEquals(Duration.ofMinutes(1), TimeUtils.parseDuration("1min"));
        assertEquals(Duration.ofMinutes(1), TimeUtils.parseDuration("1m")); // since 1.15
        assertEquals(Duration.ofMinutes(1), TimeUtils.parseDuration("1 MIN"));
        assertEquals(Duration.ofMinutes(1), TimeUtils.parseDuration("60 s"));
        assertEquals(Duration.ofMinutes(1), TimeUtils.parseDuration("60000"));
        assertEquals(Duration.ofMillis(1500), TimeUtils.parseDuration("1500 ms"));
        assertEquals(Duration.ZERO, TimeUtils.parseDuration("0"));
        for (String u : List.of("d", "day", "days")) assertEquals(Duration.ofDays(2), TimeUtils.parseDuration("2 " + u), u);
        for (String u : List.of("h", "hour", "hours")) assertEquals(Duration.ofHours(2), TimeUtils.parseDuration("2 " + u), u);
        for (String u : List.of("min", "m", "minute", "minutes")) assertEquals(Duration.ofMinutes(2), TimeUtils.parseDuration("2 " + u), u);
        for (String u : List.of("s", "sec", "secs", "second", "seconds")) assertEquals(Duration.ofSeconds(2), TimeUtils.parseDuration("2 " + u), u);
        for (String u : List.of("ms", "milli", "millis", "millisecond", "milliseconds")) assertEquals(Duration.ofMillis(2), TimeUtils.parseDuration("2 " + u), u);
        for (String u : List.of("µs", "micro", "micros", "microsecond", "microseconds")) assertEquals(Duration.ofNanos(2000), TimeUtils.parseDuration("2 " + u), u);
        for (String u : List.of("ns", "nano", "nanos", "nanosecond", "nanoseconds")) assertEquals(Duration.ofNanos(2), TimeUtils.parseDuration("2 " + u), u);
    }

    @Test
    void invalidDuration_configurationFailsWhenTheOptionIsRead() {
        Configuration conf = new Configuration();
        conf.setString("table.exec.source.idle-timeout", "1.5 s"); // stored as text, no error yet
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> conf.get(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT));
        assertEquals("Could not parse value '1.5 s' for key 'table.exec.source.idle-timeout'.", e.getMessage());
    }

    @Test
    void invalidDuration_environmentRefusesIt() {
        Configuration conf = new Configuration();
        conf.setString(PipelineOptions.AUTO_WATERMARK_INTERVAL.key(), "1 mins");
        assertThrows(IllegalArgumentException.class, () -> env(1, conf));
    }

    @Test
    void invalidDuration_tableJobRefusesIt() throws Exception {
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env(1));
        tEnv.executeSql("CREATE TABLE t (id BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)"
                + " WITH ('connector' = 'datagen', 'number-of-rows' = '3')");
        // (TableEnvironment.executeSql does not take SET in 1.20; the SQL client does. The code form:)
        tEnv.getConfig().set("table.exec.source.idle-timeout", "1.5 min"); // accepted as text
        Exception e = assertThrows(Exception.class, () -> tEnv.executeSql("SELECT id FROM t").collect().close());
        System.out.println("invalid-duration: table job: " + e);
        Throwable c = e;
        boolean found = false;
        while (c != null) {
            found |= String.valueOf(c.getMessage()).contains("Could not parse value '1.5 min' for key 'table.exec.source.idle-timeout'");
            c = c.getCause();
        }
        assertTrue(found, "the table job fails on the value");
    }
}
