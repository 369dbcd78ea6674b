package jobs;

import java.time.Duration;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * A window on a variable that holds no stream (trials: flink-learn
 * FlinkStreamDAUEntry): building the job throws a NullPointerException,
 * no element ever reaches the window.
 */
public class NoStream {
    public static void main(String[] args) {
        DataStream<Tuple2<String, Long>> events = null;
        events.keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(100)))
                .reduce((a, b) -> a)
                .print();
    }
}
