package legacy;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.windowing.time.Time;

/** The default characteristic depends on the Flink version: stay silent. */
public class Unknown {
    void unknown(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.timeWindow(Time.seconds(5)).allowedLateness(Time.seconds(5)).sum(1);
    }
}
