package bounds;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;

import java.time.Duration;

public class Jobs {
    static final Duration WINDOW = Duration.ofMinutes(1);
    static final long BOUND_MS = 30 * 60 * 1000L;

    static KafkaSource<String> kafka() {
        return KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }

    static String first(String a, String b) {
        return a;
    }

    void violations(StreamExecutionEnvironment env) {
        // The bound and the window inline.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(30)), "inline") // want "out-of-orderness bound of 30 min exceeds the 1 min size of TumblingEventTimeWindows\\nhelp: .*\\nnote: .*about 31 windows per key"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce(Jobs::first)
            .print();

        // Through constants, a variable and a derived strategy.
        WatermarkStrategy<String> ws = WatermarkStrategy
            .<String>forBoundedOutOfOrderness(Duration.ofMillis(BOUND_MS)) // want "bound of 30 min exceeds the 1 min size"
            .withTimestampAssigner((s, ts) -> ts)
            .withIdleness(Duration.ofMinutes(1));
        DataStream<String> clicks = env.fromSource(kafka(), ws, "clicks");
        clicks.map(String::trim).keyBy(s -> s).window(TumblingEventTimeWindows.of(WINDOW)).reduce(Jobs::first);

        // A session gap.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(10)), "sessions") // want "bound of 10 min exceeds the 5 min gap of EventTimeSessionWindows"
            .keyBy(s -> s)
            .window(EventTimeSessionWindows.withGap(Duration.ofMinutes(5)))
            .reduce(Jobs::first);

        // A sliding window: its size counts, not its slide.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(15)), "sliding") // want "exceeds the 10 min size of SlidingEventTimeWindows"
            .keyBy(s -> s)
            .window(SlidingEventTimeWindows.of(Duration.ofMinutes(10), Duration.ofMinutes(1)))
            .reduce(Jobs::first);

        // Assigned after the source, and a windowAll.
        env.socketTextStream("localhost", 9999)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(90))) // want "bound of 1 min 30 s exceeds the 1 min size"
            .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(60)))
            .reduce(Jobs::first);

        // Through a union: the union's watermark waits for the bounded input.
        DataStream<String> late = env.socketTextStream("localhost", 9998)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofHours(2))); // want "bound of 2 h exceeds the 1 h size"
        clicks.union(late).keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofHours(1))).reduce(Jobs::first);

        // A day or more: info.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofDays(2)), "days") // want "bound of 2 days exceeds the 1 h size"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofHours(1)))
            .reduce(Jobs::first);

        // The window in a helper of the project.
        Helpers.perMinute(env.fromSource(kafka(), Helpers.lenient(), "helper"));
    }

    void negative(StreamExecutionEnvironment env) {
        env.fromSource(kafka(), WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(-5)), "negative").print(); // want "out-of-orderness bound is negative \\(-5 s\\): the job fails as it starts\\nhelp: .*\\nnote: Flink throws IllegalArgumentException \"maxOutOfOrderness cannot be negative\""
        WatermarkStrategy<String> alsoNegative = WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(-BOUND_MS)); // want "bound is negative \\(-30 min\\)"
    }

    void lookAlikes(StreamExecutionEnvironment env, Duration configured) {
        // The bound is shorter than the window, or equal to it.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "a")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMinutes(1)), "b")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);

        // A bound or a window size the code does not fix.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(configured), "c")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofHours(1)), "d")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(configured)).reduce(Jobs::first);

        // Processing-time windows do not wait for the watermark.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofHours(1)), "e")
            .keyBy(s -> s).window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);

        // A later assignTimestampsAndWatermarks replaces the watermarks.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofHours(1)), "f")
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(1)))
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);

        // Bounded input: the final watermark fires every window at its end.
        KafkaSource<String> backfill = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .setBounded(OffsetsInitializer.latest())
            .build();
        env.fromSource(backfill, WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofHours(1)), "g")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);
        env.fromElements("a", "b")
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofHours(1)))
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);

        // Zero is a bound like forMonotonousTimestamps.
        env.fromSource(kafka(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ZERO), "h")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(Jobs::first);
    }
}
