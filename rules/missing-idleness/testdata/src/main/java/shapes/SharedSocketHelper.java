package shapes;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.Collector;

/**
 * A helper's stream (trials: LinMingQiang/flink-learn) that one job
 * connects with another into processing-time logic only, and another job
 * windows by event time alone. The connection is the only way this input
 * meets another, and nothing downstream of it waits for event time: silent.
 */
public class SharedSocketHelper {
    static SingleOutputStreamOperator<String> lines(StreamExecutionEnvironment env, int port) {
        return env.socketTextStream("localhost", port)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(10))
                        .withTimestampAssigner((s, ts) -> Long.parseLong(s)));
    }

    static void connected(StreamExecutionEnvironment env) {
        lines(env, 9000).connect(lines(env, 9001))
                .keyBy(s -> s, s -> s)
                .process(new ProcessingTimeOnly())
                .print();
    }

    static void windowed(StreamExecutionEnvironment env) {
        lines(env, 9002).keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a).print();
    }

    static class ProcessingTimeOnly extends KeyedCoProcessFunction<String, String, String, String> {
        @Override
        public void processElement1(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 60_000);
        }

        @Override
        public void processElement2(String value, Context ctx, Collector<String> out) {
            out.collect(value);
        }
    }
}
