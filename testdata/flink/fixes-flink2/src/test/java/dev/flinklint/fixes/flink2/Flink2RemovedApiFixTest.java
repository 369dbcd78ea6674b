package dev.flinklint.fixes.flink2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * flink2-removed-api's fixes: the same test runs the broken job on Flink 1.20 (module
 * fixes-flink2) and its copy fixed by flinklint on Flink 2.x (module fixes-flink2/on-flink2),
 * on the job's own scripted clicks, and asserts the same counts: the 10 s event-time windows
 * (timeWindow(Time) before, window(TumblingEventTimeWindows.of(Duration)) after) fire as
 * the watermark passes them, the click within the 5 s lateness fires its window again, the
 * one beyond it is dropped, and each count carries the label open() sets (open(Configuration)
 * before, open(OpenContext) after: on 2.x an open(Configuration) is never called).
 */
class Flink2RemovedApiFixTest {

    static final List<String> COUNTS = List.of(
            "clicks: home [0, 10000) 2",
            "clicks: home [0, 10000) 3",
            "clicks: home [10000, 20000) 1",
            "clicks: home [30000, 40000) 1");

    @Test
    @SuppressWarnings("unchecked")
    void clickCounts_sameCountsOnThisFlink() throws Exception {
        assertEquals(System.getProperty("proof.flink"), EnvironmentInformation.getVersion(), "the Flink that runs");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        DataStream<String> counts = (DataStream<String>) Class.forName(System.getProperty("proof.job"))
                .getMethod("counts", StreamExecutionEnvironment.class, String.class)
                .invoke(null, env, "clicks");
        List<String> got = new ArrayList<>();
        try (CloseableIterator<String> it = counts.executeAndCollect()) {
            it.forEachRemaining(got::add);
        }
        assertEquals(COUNTS, got);
    }
}
