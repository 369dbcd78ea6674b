package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessAllWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * Windows fed only by an earlier window's results: each result is stamped
 * with its window's end and emitted when the watermark passes that end,
 * before the watermark moves on, so none is late downstream
 * (LateDataDroppedTest checks it on a mini cluster).
 */
public class WindowResults {
    static class Count implements AggregateFunction<Tuple2<String, Long>, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Tuple2<String, Long> value, Long acc) {
            return acc + 1;
        }

        @Override
        public Long getResult(Long acc) {
            return acc;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    public static void chained(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> events = env.socketTextStream("localhost", 9999)
                .map(line -> Tuple2.of(line, Long.parseLong(line)))
                .returns(org.apache.flink.api.common.typeinfo.Types.TUPLE(
                        org.apache.flink.api.common.typeinfo.Types.STRING, org.apache.flink.api.common.typeinfo.Types.LONG))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                        .withTimestampAssigner((e, ts) -> e.f1));
        DataStream<Long> counts = events.keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
                .aggregate(new Count());
        // An aggregate's results, through map and filter, into windowAll and process: nothing is late.
        DataStream<Long> totals = counts.map(c -> c * 2)
                .filter(c -> c > 0)
                .windowAll(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .process(new ProcessAllWindowFunction<Long, Long, TimeWindow>() {
                    @Override
                    public void process(Context ctx, Iterable<Long> in, Collector<Long> out) {
                        long sum = 0;
                        for (Long c : in) {
                            sum += c;
                        }
                        out.collect(sum);
                    }
                });
        // A third level, on the process results, keyed again.
        totals.keyBy(t -> t % 2)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(5)))
                .reduce(Long::sum)
                .print();
    }
}
