package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import fixes.secondstimestamp.ClicksPerMinute;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

/**
 * seconds-timestamp's fixes, getEpochSecond() to toEpochMilli() (safe) and x / 1000 to x
 * (unsafe): SecondsTimestampTest's input, ten clicks one hour apart from
 * 2023-11-14T22:13:20Z, read from Kafka (epoch milliseconds) and counted in one-minute
 * windows. Broken, all ten land in one window of January 1970; fixed, each lands in its own
 * minute of November 2023, once.
 */
class SecondsTimestampFixTest {

    static final long T0_MS = 1_700_000_000_000L; // 2023-11-14T22:13:20Z

    static <S> List<String> run(String job, BiFunction<StreamExecutionEnvironment, S, DataStream<String>> counts,
            S strategy) throws Exception {
        List<ScriptedSource.Step> hourly = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            hourly.add(emit("home", T0_MS + i * 3_600_000L));
        }
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, hourly));
        counts.apply(env, strategy).addSink(new Support.Collect<>(job));
        env.execute(job);
        return results(job);
    }

    /** 1 700 000 000 ms is 1970-01-20T16:13:20Z: ten hours of data read as 32.4 s. */
    static final List<String> JANUARY_1970 = List.of("home [1970-01-20T16:13:00Z, 1970-01-20T16:14:00Z) 10");

    /** One window per click, in the minute of each hour it happened. */
    static final List<String> EACH_HOUR = IntStream.range(0, 10)
            .mapToObj(i -> Instant.ofEpochMilli(T0_MS + i * 3_600_000L).truncatedTo(ChronoUnit.MINUTES))
            .map(start -> "home [" + start + ", " + start.plusSeconds(60) + ") 1")
            .toList();

    @Test
    void safeFix_epochSecondOfInstant_toEpochMilli() throws Exception {
        assertEquals(JANUARY_1970, run("fix-st-safe-broken", ClicksPerMinute::counts, ClicksPerMinute.EPOCH_SECOND));
        assertEquals(EACH_HOUR, run("fix-st-safe-fixed",
                fixed.secondstimestamp.ClicksPerMinute::counts, fixed.secondstimestamp.ClicksPerMinute.EPOCH_SECOND));
    }

    @Test
    void unsafeFix_millisOver1000_millis() throws Exception {
        assertEquals(JANUARY_1970, run("fix-st-unsafe-broken", ClicksPerMinute::counts, ClicksPerMinute.MILLIS_OVER_1000));
        assertEquals(EACH_HOUR, run("fix-st-unsafe-fixed",
                fixed.secondstimestamp.ClicksPerMinute::counts, fixed.secondstimestamp.ClicksPerMinute.MILLIS_OVER_1000));
    }
}
