package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.AssignerWithPunctuatedWatermarks;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * Assigners that stamp each element with a counter of their own
 * (trials: Flink's IncrementalLearningSkeleton and its copies): every
 * timestamp is above the watermarks before it, so nothing is late.
 */
@SuppressWarnings("deprecation")
public class CounterAssigners {
    /** Raises its counter by 10 per element and trails it by a millisecond. */
    static class LinearTimestamp implements AssignerWithPunctuatedWatermarks<String> {
        private long counter = 0L;

        @Override
        public long extractTimestamp(String element, long previousElementTimestamp) {
            return counter += 10L;
        }

        @Override
        public Watermark checkAndGetNextWatermark(String lastElement, long extractedTimestamp) {
            return new Watermark(counter - 1);
        }
    }

    /** Raises its counter, but its watermarks run a minute ahead of it: elements are late. */
    static class AheadTimestamp implements AssignerWithPunctuatedWatermarks<String> {
        private long counter = 0L;

        @Override
        public long extractTimestamp(String element, long previousElementTimestamp) {
            return counter += 10L;
        }

        @Override
        public Watermark checkAndGetNextWatermark(String lastElement, long extractedTimestamp) {
            return new Watermark(counter + 60_000);
        }
    }

    public static void linear(StreamExecutionEnvironment env) {
        env.socketTextStream("localhost", 9999)
                .assignTimestampsAndWatermarks(new LinearTimestamp())
                .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
    }

    public static void ahead(StreamExecutionEnvironment env) {
        env.socketTextStream("localhost", 9999)
                .assignTimestampsAndWatermarks(new AheadTimestamp())
                .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /** An element's own time under a monotonous strategy after a socket: reported, the lines can go back. */
    public static void ownTime(StreamExecutionEnvironment env) {
        env.socketTextStream("localhost", 9999)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ZERO)
                        .withTimestampAssigner((line, ts) -> Long.parseLong(line)))
                .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }
}
