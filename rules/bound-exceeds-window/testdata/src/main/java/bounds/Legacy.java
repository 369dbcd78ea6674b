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
        in.assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor<String>(Time.seconds(30)) { // want "bound \\(30 s\\) is larger than the size \\(10 s\\) of the TumblingEventTimeWindows window at Legacy.java:33"
                @Override
                public long extractTimestamp(String s) {
                    return Long.parseLong(s);
                }
            })
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.seconds(10)))
            .reduce((a, b) -> a);

        in.assignTimestampsAndWatermarks(new Extractor()) // want "bound \\(10 min\\) is larger than the size \\(1 min\\)"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .reduce((a, b) -> a);

        in.assignTimestampsAndWatermarks(new Extractor(Time.hours(1))) // want "bound \\(1 h\\) is larger than the size \\(1 min\\)"
            .windowAll(TumblingEventTimeWindows.of(Time.minutes(1)))
            .reduce((a, b) -> a);
    }

    void negative(DataStream<String> in) {
        in.assignTimestampsAndWatermarks(new Extractor(Time.seconds(-1))); // want "BoundedOutOfOrdernessTimestampExtractor is given a negative bound \\(-1 s\\): its constructor throws"
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
