package events;

import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.windowing.time.Time;

import java.time.Duration;

public class Classes {
    /** A named assigner: reported at its extractTimestamp. */
    public static class SecondsAssigner implements SerializableTimestampAssigner<Event> {
        @Override
        public long extractTimestamp(Event e, long recordTimestamp) { // want "e.createdSec"
            return e.createdSec;
        }
    }

    /** An assigner through a class of the project. */
    public abstract static class BaseAssigner implements TimestampAssigner<Event> {}

    public static class DerivedAssigner extends BaseAssigner {
        @Override
        public long extractTimestamp(Event e, long recordTimestamp) { // want "getEpochSecond"
            return e.getTime().getEpochSecond();
        }
    }

    /** The legacy extractor of Flink 1.x. */
    public static class LegacyExtractor extends BoundedOutOfOrdernessTimestampExtractor<Event> {
        public LegacyExtractor() {
            super(Time.seconds(5));
        }

        @Override
        public long extractTimestamp(Event e) { // want "e.unixTime"
            return e.unixTime;
        }
    }

    /** Not an assigner: its extractTimestamp may return what it likes. */
    public static class Parser {
        public long extractTimestamp(Event e) {
            return e.createdSec;
        }
    }

    void use() {
        WatermarkStrategy<Event> ws = WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(5))
            .withTimestampAssigner(new SecondsAssigner());
        WatermarkStrategy.<Event>forMonotonousTimestamps()
            .withTimestampAssigner(new SerializableTimestampAssigner<Event>() { // want "e.getMillis\\(\\) / 1000"
                @Override
                public long extractTimestamp(Event e, long recordTimestamp) {
                    return e.getMillis() / 1000;
                }
            });
    }
}
