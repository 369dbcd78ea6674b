package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

import java.time.Duration;
import java.util.Properties;

public class Legacy {
    void violations(StreamExecutionEnvironment env, Properties props) {
        // A legacy Kafka consumer with no assigner: timestamps, no watermarks.
        env.addSource(new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "^event-time windows never fire: no watermarks from FlinkKafkaConsumer\\n"
            .reduce((a, b) -> a + b)
            .print();

        // The assigner's result is dropped: the window reads the stream without it.
        DataStream<String> sensors = env.addSource(new Sensors());
        sensors.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((s, ts) -> Long.parseLong(s)));
        sensors.keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "^event-time window on records without timestamps \\(Sensors\\)\\nhelp: use the stream that assignTimestampsAndWatermarks returns"
            .reduce((a, b) -> a + b)
            .print();

        // A socket: no timestamps.
        env.socketTextStream("localhost", 9999)
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "^event-time window on records without timestamps \\(socketTextStream\\)\\n"
            .reduce((a, b) -> a + b)
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env, Properties props) {
        // The consumer generates watermarks itself.
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props);
        consumer.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1)));
        env.addSource(consumer)
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // A source that emits its own watermarks.
        env.addSource(new Punctuated())
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        // The variable is assigned the stamped stream before the window reads it.
        DataStream<String> stamped = env.addSource(new Sensors());
        stamped = stamped.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((s, ts) -> Long.parseLong(s)));
        stamped.keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
            .reduce((a, b) -> a + b)
            .print();

        // Built to be taken apart by a test harness, never run.
        env.fromElements("a").keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
            .reduce((a, b) -> a + b)
            .getTransformation();
    }

    /** Reads sensors until cancelled; stamps nothing. */
    static class Sensors implements SourceFunction<String> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<String> ctx) throws Exception {
            while (running) {
                ctx.collect(Long.toString(System.currentTimeMillis()));
                Thread.sleep(100);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Emits a watermark after every record. */
    static class Punctuated implements SourceFunction<String> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<String> ctx) throws Exception {
            while (running) {
                long now = System.currentTimeMillis();
                ctx.collectWithTimestamp(Long.toString(now), now);
                ctx.emitWatermark(new Watermark(now));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }
}
