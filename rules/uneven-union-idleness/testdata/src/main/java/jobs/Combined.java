package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.util.Collector;

import java.time.Duration;

public class Combined {
    static final MapStateDescriptor<String, String> RULES =
        new MapStateDescriptor<>("rules", Types.STRING, Types.STRING);

    static KafkaSource<String> kafka(String topic) {
        return KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics(topic)
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }

    static WatermarkStrategy<String> idle() {
        return WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1));
    }

    void violations(StreamExecutionEnvironment env) {
        // (b) A rules topic read without watermarks, broadcast to event-time logic.
        DataStream<String> events = env.fromSource(kafka("events"), idle(), "events");
        BroadcastStream<String> rules = env.fromSource(kafka("rules"), WatermarkStrategy.noWatermarks(), "rules").broadcast(RULES);
        events.keyBy(s -> s)
            .connect(rules) // want "connect combines a stream with watermarks with the broadcast side, which has none"
            .process(new Alerts())
            .print();

        // The same after a union with a legacy consumer-less socket: the socket emits no watermark.
        DataStream<String> socket = env.socketTextStream("localhost", 9999);
        events.union(socket) // want "union combines a stream with watermarks with the other side, which has none"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // (a) A legacy assigner cannot go idle; the other input can.
        DataStream<String> legacy = env.addSource(new Ticks())
            .assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor<String>(Time.seconds(5)) {
                @Override
                public long extractTimestamp(String s) {
                    return Long.parseLong(s);
                }
            });
        legacy.union(events) // want "(?s)union combines an input with withIdleness and one whose generator has none\n.*the input of BoundedOutOfOrdernessTimestampExtractor is quiet"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env, DataStream<String> fromElsewhere,
                    org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction<String, String, String> library) {
        DataStream<String> events = env.fromSource(kafka("events"), idle(), "events");

        // A function flinklint cannot see into: whether it uses event time is unknown.
        events.connect(env.socketTextStream("localhost", 9999).broadcast(RULES)).process(library).print();

        // Bounded rules: the source ends, and its final watermark releases the other input.
        KafkaSource<String> snapshot = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("rules")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .setBounded(OffsetsInitializer.latest())
            .build();
        events.keyBy(s -> s)
            .connect(env.fromSource(snapshot, WatermarkStrategy.noWatermarks(), "snapshot").broadcast(RULES))
            .process(new Alerts())
            .print();

        // Rules with idleness.
        events.keyBy(s -> s)
            .connect(env.fromSource(kafka("rules"), idle(), "rules").broadcast(RULES))
            .process(new Alerts())
            .print();

        // Processing-time logic only: nothing waits for the combined watermark.
        events.connect(env.fromSource(kafka("rules"), WatermarkStrategy.noWatermarks(), "rules").broadcast(RULES))
            .process(new org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction<String, String, String>() {
                @Override
                public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) {
                    out.collect(value);
                }

                @Override
                public void processBroadcastElement(String value, Context ctx, Collector<String> out) {
                }
            })
            .print();

        // Both sides without idleness: missing-idleness reports each Kafka strategy.
        env.fromSource(kafka("a"), WatermarkStrategy.forMonotonousTimestamps(), "a")
            .union(env.fromSource(kafka("b"), WatermarkStrategy.forMonotonousTimestamps(), "b"))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // One Kafka input with and one without idleness: missing-idleness reports the one without.
        events.union(env.fromSource(kafka("b"), WatermarkStrategy.forMonotonousTimestamps(), "b"))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // A stream from elsewhere: unknown.
        events.union(fromElsewhere)
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // No input has watermarks: event-time-without-watermarks reports the window.
        env.socketTextStream("localhost", 1).union(env.socketTextStream("localhost", 2))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Test elements: bounded.
        events.union(env.fromElements("x"))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }

    /** Registers an event-time timer per record. */
    static class Alerts extends KeyedBroadcastProcessFunction<String, String, String, String> {
        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 1000);
        }

        @Override
        public void processBroadcastElement(String value, Context ctx, Collector<String> out) {
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey());
        }
    }

    /** An endless legacy source. */
    static class Ticks implements SourceFunction<String> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<String> ctx) throws Exception {
            long i = 0;
            while (running) {
                ctx.collect(Long.toString(i++));
                Thread.sleep(100);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }
}
