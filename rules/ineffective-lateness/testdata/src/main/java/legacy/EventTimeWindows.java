package legacy;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.time.Time;

/** Look-alikes: event time, and a characteristic flinklint cannot see. */
public class EventTimeWindows {
    void eventTime(StreamExecutionEnvironment env, KeyedStream<Tuple2<String, Long>, String> keyed) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime);
        keyed.timeWindow(Time.seconds(5)).allowedLateness(Time.seconds(5)).sum(1);
    }
}
