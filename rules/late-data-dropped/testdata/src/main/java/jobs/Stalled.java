package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.Collector;

/**
 * Windows whose input is combined with an unbounded stream that generates
 * no watermark: the combined watermark stays at Long.MIN_VALUE, the window
 * never fires and nothing is late (event-time-without-watermarks reports
 * it). A side that ends emits the final watermark and stalls nothing.
 */
public class Stalled {
    static final MapStateDescriptor<String, String> RULES = new MapStateDescriptor<>("rules", Types.STRING, Types.STRING);

    static class Match extends BroadcastProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) {
            out.collect(value);
        }

        @Override
        public void processBroadcastElement(String rule, Context ctx, Collector<String> out) throws Exception {
            ctx.getBroadcastState(RULES).put(rule, rule);
        }
    }

    static DataStream<String> events(StreamExecutionEnvironment env) {
        return env.socketTextStream("localhost", 9999)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ZERO)
                        .withTimestampAssigner((line, ts) -> Long.parseLong(line)));
    }

    /** Rules from Kafka, with no watermarks, broadcast to the events: the window never fires. */
    public static void broadcastRules(StreamExecutionEnvironment env) {
        BroadcastStream<String> rules = env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "rules")
                .broadcast(RULES);
        events(env).connect(rules)
                .process(new Match())
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
    }

    /** Rules from a collection end, and their final watermark leaves the events' to decide. */
    public static void boundedRules(StreamExecutionEnvironment env) {
        BroadcastStream<String> rules = env.fromData("a", "b").broadcast(RULES);
        events(env).connect(rules)
                .process(new Match())
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /** The rules come from the caller, which another caller may pass differently: reported. */
    static void joinRules(DataStream<String> events, DataStream<String> rules) {
        events.connect(rules.broadcast(RULES))
                .process(new Match())
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    public static void callers(StreamExecutionEnvironment env) {
        joinRules(events(env), env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "rules"));
        joinRules(events(env), env.fromData("a", "b"));
    }
}
