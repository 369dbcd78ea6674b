package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** Streams kept in fields that a constructor assigns: every value a field is given decides whether its input ends. */
public class FieldInputs {
    static final WatermarkStrategy<String> WS =
        WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withTimestampAssigner((s, t) -> 0L);

    private final DataStream<String> elements;
    private final DataStream<String> socket;

    FieldInputs(StreamExecutionEnvironment env) {
        elements = env.fromElements("a", "b");
        socket = env.socketTextStream("localhost", 9999);
    }

    void lookAlike() {
        // A collection: it ends, and the final watermark fires every window on time.
        elements.assignTimestampsAndWatermarks(WS).keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }

    void violation() {
        socket.assignTimestampsAndWatermarks(WS).keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a); // want "drops late elements without a trace"
    }
}
