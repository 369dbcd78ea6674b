package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;

import java.time.Duration;

/** Event-time timers reached through variables, helpers and other classes. */
public class Timers {
    static final MapStateDescriptor<String, String> RULES =
        new MapStateDescriptor<>("rules", Types.STRING, Types.STRING);

    static KafkaSource<String> kafka(String topic) {
        return KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics(topic)
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }

    void violations(StreamExecutionEnvironment env) {
        // The function is kept in a variable first.
        KeyedProcessFunction<String, String, String> expire = new Expire();
        env.fromSource(kafka("a"), WatermarkStrategy.noWatermarks(), "variable")
            .keyBy(s -> s)
            .process(expire) // want "^event-time timers never fire: no watermarks from KafkaSource\\n"
            .print();

        // The class inherits the processElement that registers the timer.
        env.fromSource(kafka("b"), WatermarkStrategy.noWatermarks(), "inherited")
            .keyBy(s -> s)
            .process(new ExpireLater()) // want "^event-time timers never fire: no watermarks from KafkaSource\\n"
            .print();

        // The timer is registered by a helper of another class.
        env.fromSource(kafka("c"), WatermarkStrategy.noWatermarks(), "helper")
            .keyBy(s -> s)
            .process(new ArmThroughHelper()) // want "^event-time timers never fire: no watermarks from KafkaSource\\n"
            .print();

        // Two connected inputs, neither with watermarks.
        DataStream<String> orders = env.fromSource(kafka("orders"), WatermarkStrategy.noWatermarks(), "orders");
        DataStream<String> payments = env.fromSource(kafka("payments"), WatermarkStrategy.noWatermarks(), "payments");
        orders.connect(payments)
            .keyBy(s -> s, s -> s)
            .process(new MatchPayments()) // want "^event-time timers never fire: none of their 2 inputs has watermarks\\n"
            .print();

        // A keyed stream connected to a broadcast stream, neither with watermarks.
        BroadcastStream<String> rules = env.fromSource(kafka("rules"), WatermarkStrategy.noWatermarks(), "rules").broadcast(RULES);
        env.fromSource(kafka("events"), WatermarkStrategy.noWatermarks(), "events")
            .keyBy(s -> s)
            .connect(rules)
            .process(new ExpireWithRules()) // want "^event-time timers never fire: none of their 2 inputs has watermarks\\n"
            .print();

        // The keyed stream is handed to a helper that applies the function.
        expireAll(env.fromSource(kafka("d"), WatermarkStrategy.noWatermarks(), "passed"));

        // The function comes from a factory method.
        env.fromSource(kafka("e"), WatermarkStrategy.noWatermarks(), "factory")
            .keyBy(s -> s)
            .process(expiry()) // want "^event-time timers never fire: no watermarks from KafkaSource\\n"
            .print();
    }

    static void expireAll(DataStream<String> in) {
        in.keyBy(s -> s)
            .process(new Expire()) // want "^event-time timers never fire: no watermarks from KafkaSource\\n"
            .print();
    }

    static KeyedProcessFunction<String, String, String> expiry() {
        return new Expire();
    }

    void lookAlikes(StreamExecutionEnvironment env) {
        // Watermarks are generated: the timers fire.
        KeyedProcessFunction<String, String, String> expire = new ExpireLater();
        env.fromSource(kafka("f"), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)), "watermarked")
            .keyBy(s -> s)
            .process(expire)
            .print();

        // Processing-time timers need no watermark.
        env.fromSource(kafka("g"), WatermarkStrategy.noWatermarks(), "processing time")
            .keyBy(s -> s)
            .process(new ProcessingTimeExpire())
            .print();

        // A bounded input: its end fires every timer.
        env.fromElements("a", "b").keyBy(s -> s).process(new ArmThroughHelper()).print();
    }

    static class Expire extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timerService().currentWatermark() + 60_000);
        }
    }

    /** Only onTimer of its own: the timer is registered by Expire. */
    static class ExpireLater extends Expire {
        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey());
        }
    }

    static class ArmThroughHelper extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            TimerHelper.arm(ctx.timerService(), 60_000);
        }
    }

    static class ProcessingTimeExpire extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 60_000);
        }
    }

    static class MatchPayments extends KeyedCoProcessFunction<String, String, String, String> {
        @Override
        public void processElement1(String order, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timerService().currentWatermark() + 60_000);
        }

        @Override
        public void processElement2(String payment, Context ctx, Collector<String> out) {
            out.collect(payment);
        }
    }

    static class ExpireWithRules extends KeyedBroadcastProcessFunction<String, String, String, String> {
        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timerService().currentWatermark() + 60_000);
        }

        @Override
        public void processBroadcastElement(String rule, Context ctx, Collector<String> out) throws Exception {
            ctx.getBroadcastState(RULES).put(rule, rule);
        }
    }
}

/** Arms the timers of several functions. */
class TimerHelper {
    static void arm(TimerService timers, long after) {
        timers.registerEventTimeTimer(timers.currentWatermark() + after);
    }
}
