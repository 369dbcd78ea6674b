package jobs;

import java.time.Duration;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * Sources that decide their records' timestamps and watermarks themselves
 * (trials: the taxi ride generators, Flink's sequence generator), and
 * ingestion time: whether anything is late is not the window's to say.
 */
public class OwnWatermarks {
    /** Emits each ride with its time and a watermark that trails the largest delay. */
    static class RideSource implements SourceFunction<Tuple2<String, Long>> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Tuple2<String, Long>> ctx) throws Exception {
            long t = 0;
            while (running) {
                t += 1000;
                ctx.collectWithTimestamp(Tuple2.of("ride", t), t);
                ctx.emitWatermark(new Watermark(t - 60_000));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    public static void ownWatermarks(StreamExecutionEnvironment env) {
        env.addSource(new RideSource())
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> a)
                .print();
    }

    @SuppressWarnings("deprecation")
    public static void ingestionTime(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.IngestionTime);
        env.socketTextStream("localhost", 9999)
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> a)
                .print();
    }
}
