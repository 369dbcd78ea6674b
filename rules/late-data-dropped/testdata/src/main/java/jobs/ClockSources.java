package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.RichParallelSourceFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * Sources the project writes itself (trials: the sensor generators of
 * "Stream Processing with Apache Flink" and its copies, 41 false findings).
 */
public class ClockSources {
    /** Stamps each reading with the clock as it emits it: ascending, nothing is late. */
    static class SensorSource extends RichParallelSourceFunction<Tuple2<String, Long>> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Tuple2<String, Long>> ctx) throws Exception {
            while (running) {
                ctx.collect(Tuple2.of("sensor", System.currentTimeMillis()));
                Thread.sleep(100);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Fakes lagging partitions: partition p runs p * 50 ms behind, so its records arrive late. */
    static class LaggingSource extends RichParallelSourceFunction<Tuple2<String, Long>> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Tuple2<String, Long>> ctx) throws Exception {
            int partition = getRuntimeContext().getIndexOfThisSubtask();
            while (running) {
                ctx.collect(Tuple2.of("sensor", System.currentTimeMillis() - partition * 50L));
                Thread.sleep(100);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    static WatermarkStrategy<Tuple2<String, Long>> bounded() {
        return WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((r, ts) -> r.f1);
    }

    public static void clock(StreamExecutionEnvironment env) {
        env.addSource(new SensorSource())
                .assignTimestampsAndWatermarks(bounded())
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> a)
                .print();
    }

    public static void lagging(StreamExecutionEnvironment env) {
        env.addSource(new LaggingSource())
                .assignTimestampsAndWatermarks(bounded())
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }
}
