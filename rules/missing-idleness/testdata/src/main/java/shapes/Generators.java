package shapes;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** Custom generators decide their own watermarks: a hint at most, nothing when they mark the output idle. */
public class Generators {
    void run(StreamExecutionEnvironment env) {
        DataStream<String> a = env.socketTextStream("a", 1)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forGenerator(ctx -> new Punctuated())); // want "(?s)withIdleness missing on a stream combined.*or mark the input idle in the custom generator"
        DataStream<String> b = env.socketTextStream("b", 1)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forGenerator(ctx -> new MarksIdle()));
        a.union(b).keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((x, y) -> x);
    }

    static class Punctuated implements WatermarkGenerator<String> {
        @Override
        public void onEvent(String event, long ts, WatermarkOutput output) {
            output.emitWatermark(new Watermark(ts));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    static class MarksIdle implements WatermarkGenerator<String> {
        private long last;

        @Override
        public void onEvent(String event, long ts, WatermarkOutput output) {
            last = ts;
            output.emitWatermark(new Watermark(ts));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {
            if (System.currentTimeMillis() - last > 60_000) {
                output.markIdle();
            }
        }
    }
}
