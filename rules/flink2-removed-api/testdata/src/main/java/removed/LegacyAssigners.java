package removed;

import javax.annotation.Nullable;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.AssignerWithPeriodicWatermarks;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.time.Time;

// The pre-1.11 assigners: no fix (the body moves into a WatermarkStrategy).
public class LegacyAssigners {
    static class Periodic implements AssignerWithPeriodicWatermarks<Tuple2<String, Long>> { // want "Flink 2.0 removed AssignerWithPeriodicWatermarks \\(pom.xml targets Flink 2.0.0\\)\\nhelp: use a WatermarkStrategy: .*\\nnote: Flink 2.0 removed org.apache.flink.streaming.api.functions.AssignerWithPeriodicWatermarks "
        private long max = Long.MIN_VALUE;

        @Nullable
        @Override
        public Watermark getCurrentWatermark() {
            return new Watermark(max - 1);
        }

        @Override
        public long extractTimestamp(Tuple2<String, Long> e, long previous) {
            max = Math.max(max, e.f1);
            return e.f1;
        }
    }

    static void build(DataStream<Tuple2<String, Long>> in) {
        in.assignTimestampsAndWatermarks(new Periodic());
        in.assignTimestampsAndWatermarks(
                new BoundedOutOfOrdernessTimestampExtractor<Tuple2<String, Long>>(Time.seconds(5)) { // want "Flink 2.0 removed BoundedOutOfOrdernessTimestampExtractor .*\\nhelp: use WatermarkStrategy.<T>forBoundedOutOfOrderness.*\\nnote: .*functions.timestamps.BoundedOutOfOrdernessTimestampExtractor" "removed Flink's Time class"
                    @Override
                    public long extractTimestamp(Tuple2<String, Long> e) {
                        return e.f1;
                    }
                });
    }
}
