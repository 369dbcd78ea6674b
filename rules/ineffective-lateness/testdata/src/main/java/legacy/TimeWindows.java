package legacy;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.time.Time;

/** timeWindow (removed in Flink 2.0) follows the time characteristic. */
public class TimeWindows {
    void processingTime(StreamExecutionEnvironment env, KeyedStream<Tuple2<String, Long>, String> keyed) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.ProcessingTime);
        keyed.timeWindow(Time.seconds(5)).allowedLateness(Time.seconds(5)).sum(1); // want "no effect on timeWindow under the ProcessingTime characteristic"
    }
}
