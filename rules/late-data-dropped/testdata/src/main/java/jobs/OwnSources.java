package jobs;

import java.time.Duration;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * Sources that emit their own watermarks, reached through a helper that
 * returns the job's source or a test's: one whose watermarks trail its
 * delays decides itself what is late; one whose watermarks are a time as
 * it is, with records stamped before it, makes late elements.
 */
public class OwnSources {
    /** Stamps each fare up to a minute late but emits watermarks at the schedule's time itself: fares are late. */
    static class FareSource implements SourceFunction<Tuple2<String, Long>> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Tuple2<String, Long>> ctx) throws Exception {
            long t = 0;
            while (running) {
                t += 1000;
                long stamp = t - (long) (Math.random() * 60_000);
                ctx.collectWithTimestamp(Tuple2.of("fare", stamp), stamp);
                ctx.emitWatermark(new Watermark(t));
                Thread.sleep(System.currentTimeMillis() % 10);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** The source tests give the jobs instead of theirs; null when not testing. */
    public static SourceFunction<Tuple2<String, Long>> testSource = null;

    /** Returns the test's source when a test set one, the job's own otherwise (trials: the training's ExerciseBase). */
    static SourceFunction<Tuple2<String, Long>> sourceOrTest(SourceFunction<Tuple2<String, Long>> source) {
        if (testSource == null) {
            return source;
        }
        return testSource;
    }

    public static void ownWatermarksThroughAHelper(StreamExecutionEnvironment env) {
        env.addSource(OwnSources.sourceOrTest(new OwnWatermarks.RideSource()))
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> a)
                .print();
    }

    public static void watermarksAtTheTimeItself(StreamExecutionEnvironment env) {
        env.addSource(OwnSources.sourceOrTest(new FareSource()))
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }
}
