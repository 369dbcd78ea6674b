package bounds;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;

/** The extractor removed in Flink 2.0, still used by many jobs on 1.x. */
public class Legacy {
    static class Extractor extends BoundedOutOfOrdernessTimestampExtractor<String> {
        Extractor() {
            super(Time.minutes(10));
        }

        Extractor(Time bound) {
            super(bound);
        }

        @Override
        public long extractTimestamp(String s) {
            return Long.parseLong(s);
        }
    }

    void violations(DataStream<String> in) {
        in.assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor<String>(Time.seconds(30)) { // want "bound of 30 s exceeds the 10 s size of TumblingEventTimeWindows"
                @Override
                public long extractTimestamp(String s) {
                    return Long.parseLong(s);
                }
            })
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.seconds(10)))
            .reduce((a, b) -> a);

        in.assignTimestampsAndWatermarks(new Extractor()) // want "bound of 10 min exceeds the 1 min size"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .reduce((a, b) -> a);

        in.assignTimestampsAndWatermarks(new Extractor(Time.hours(1))) // want "bound of 1 h exceeds the 1 min size"
            .windowAll(TumblingEventTimeWindows.of(Time.minutes(1)))
            .reduce((a, b) -> a);
    }

    void negative(DataStream<String> in) {
        in.assignTimestampsAndWatermarks(new Extractor(Time.seconds(-1))); // want "BoundedOutOfOrdernessTimestampExtractor bound is negative \\(-1 s\\): its constructor throws\\nhelp: .*\\nnote: .*while the job is built"
    }

    void lookAlikes(DataStream<String> in, Time configured) {
        in.assignTimestampsAndWatermarks(new Extractor(Time.seconds(5)))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .reduce((a, b) -> a);
        in.assignTimestampsAndWatermarks(new Extractor(configured))
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .reduce((a, b) -> a);
    }
}
