package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.util.Collector;

import java.time.Duration;

public class NoWatermarks {
    static KafkaSource<String> kafka() {
        return KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }

    void violations(StreamExecutionEnvironment env) {
        // Kafka records carry timestamps, but nothing generates watermarks.
        env.fromSource(kafka(), WatermarkStrategy.noWatermarks(), "clicks")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "^event-time windows never fire: no watermarks from KafkaSource\\nhelp: give the source a watermark strategy such as WatermarkStrategy.forBoundedOutOfOrderness"
            .reduce((a, b) -> a + b)
            .print();

        // Through a variable and a map.
        DataStream<String> clicks = env.fromSource(kafka(), WatermarkStrategy.noWatermarks(), "clicks2");
        clicks.map(String::trim)
            .windowAll(SlidingEventTimeWindows.of(Duration.ofMinutes(5), Duration.ofMinutes(1))) // want "^event-time windows never fire: no watermarks from KafkaSource\\n"
            .reduce((a, b) -> a + b)
            .print();

        // Records without timestamps: the window assigner fails at run time.
        env.fromElements("a", "b", "c")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "^event-time window on records without timestamps \\(fromElements\\)\\nhelp: assign timestamps and watermarks.*\\nnote: the window assigner fails at run time with \"Record has Long.MIN_VALUE timestamp"
            .reduce((a, b) -> a + b)
            .print();

        env.fromSource(new NumberSequenceSource(1, 100), WatermarkStrategy.noWatermarks(), "numbers")
            .keyBy(n -> n % 10)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "^event-time window on records without timestamps \\(NumberSequenceSource\\)\\n"
            .reduce(Long::sum)
            .print();

        FileSource<String> files = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path("/in")).build();
        env.fromSource(files, WatermarkStrategy.noWatermarks(), "files")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "^event-time window on records without timestamps \\(FileSource\\)\\n"
            .reduce((a, b) -> a + b)
            .print();

        // Event-time timers on the unbounded input never fire.
        env.fromSource(kafka(), WatermarkStrategy.noWatermarks(), "timers")
            .keyBy(s -> s)
            .process(new Expire()) // want "^event-time timers never fire: no watermarks from KafkaSource\\nhelp: give the source a watermark strategy.*\\nnote: Flink fires event-time timers only when a watermark passes them"
            .print();

        // A strategy that only assigns timestamps still generates no watermark.
        env.fromSource(kafka(), WatermarkStrategy.<String>noWatermarks().withTimestampAssigner((s, ts) -> ts), "assigned")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "never fire"
            .reduce((a, b) -> a + b)
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env, DataStream<String> fromAnotherProject) {
        // A windowed stream no terminal call turns into an operator (a
        // test of its settings, say: flink-extended/flink-scala-api).
        env.fromElements("a", "b").keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .allowedLateness(Duration.ofSeconds(42));
        // A later assignTimestampsAndWatermarks generates them.
        env.fromSource(kafka(), WatermarkStrategy.noWatermarks(), "assigned later")
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Processing-time windows need no watermarks.
        env.fromSource(kafka(), WatermarkStrategy.noWatermarks(), "processing time")
            .keyBy(s -> s)
            .window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // A bounded Kafka source with timestamps: the final watermark fires every window once.
        KafkaSource<String> bounded = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .setBounded(OffsetsInitializer.latest())
            .build();
        env.fromSource(bounded, WatermarkStrategy.noWatermarks(), "backfill")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Timers on a bounded input fire at its end.
        env.fromElements("a", "b").keyBy(s -> s).process(new Expire()).print();

        // A stream from elsewhere: its watermarks are unknown.
        fromAnotherProject.keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // A periodic strategy: if the interval were 0, auto-watermark-interval-zero would say so.
        env.fromSource(kafka(), WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1)), "periodic")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // Test elements with timestamps and watermarks.
        env.fromElements(1L, 2L, 3L)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n))
            .keyBy(n -> n % 2)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
            .reduce(Long::sum)
            .print();
    }

    /** Emits each key's count when its event-time timer fires. */
    static class Expire extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() == null ? 0 : ctx.timestamp() + 60_000);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey());
        }
    }
}
