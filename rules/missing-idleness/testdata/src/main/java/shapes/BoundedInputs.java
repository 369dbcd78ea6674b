package shapes;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.FileProcessingMode;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** Streams combined with inputs that end: a finished input emits the final watermark and holds nothing back. */
public class BoundedInputs {
    void lookAlikes(StreamExecutionEnvironment env) {
        // Two files read once, joined by an interval join.
        DataStream<String> orders = env.readTextFile("orders.csv").map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((s, t) -> 0L));
        FileSource<String> receipts = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path("receipts")).build();
        DataStream<String> paid = env.fromSource(receipts, WatermarkStrategy.<String>forMonotonousTimestamps(), "receipts");
        orders.keyBy(s -> s).intervalJoin(paid.keyBy(s -> s)).between(Duration.ofSeconds(-5), Duration.ofSeconds(5)).process(null);

        // An endless socket combined only with test data and a file read once: the socket's own
        // silence stalls it with or without idleness, which never advances a watermark.
        DataStream<String> socket = env.socketTextStream("localhost", 9999)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
        DataStream<String> tests = env.fromElements("a", "b").union(env.fromSequence(1, 10).map(String::valueOf));
        socket.union(tests, env.readFile(null, "dir")).keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
        socket.connect(env.fromElements("rule").broadcast()).process((org.apache.flink.streaming.api.functions.co.CoProcessFunction<String, String, Object>) null);

        // Names assigned again: every value of a and b ends, whichever the
        // order of the statements picks.
        DataStream<Long> a = env.fromElements(1L, 2L, 3L);
        DataStream<Long> b = env.fromElements(4L, 5L);
        a = a.assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps());
        b = b.assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps());
        a.connect(b).process((org.apache.flink.streaming.api.functions.co.CoProcessFunction<Long, Long, Object>) null);
    }

    void violations(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        // A monitored directory never ends.
        FileSource<String> watched = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path("in"))
            .monitorContinuously(Duration.ofSeconds(10)).build();
        DataStream<String> files = env.fromSource(watched, WatermarkStrategy.<String>forMonotonousTimestamps(), "watched"); // want "combined with another by union"
        files.union(env.socketTextStream("localhost", 9999)).keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);

        DataStream<String> polled = env.<String>readFile(null, "dir", FileProcessingMode.PROCESS_CONTINUOUSLY, 1000)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()); // want "combined with another by connect"
        polled.connect(env.fromElements("x").union(env.socketTextStream("localhost", 9999))).process((org.apache.flink.streaming.api.functions.co.CoProcessFunction<String, String, Object>) null);

        // A name assigned again may also hold an input that never ends.
        DataStream<String> other = env.fromElements("a");
        other = env.socketTextStream("localhost", 9999);
        DataStream<String> stamped = env.socketTextStream("localhost", 9998)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()); // want "combined with another by connect"
        stamped.connect(other).process((org.apache.flink.streaming.api.functions.co.CoProcessFunction<String, String, Object>) null);
    }
}
