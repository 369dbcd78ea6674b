package fixes.latedatadropped;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.PrintSinkFunction;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import clicks.Clicks;
import clicks.CountClicks;

/**
 * late-data-dropped: clicks "page,millis" from a Kafka topic, out of order by up to 100 ms,
 * counted per page in 1 s event-time windows. A click later than that arrives behind the
 * watermark and is dropped, counted only in numLateRecordsDropped.
 */
public class LateEvents {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env, new PrintSinkFunction<>());
        env.execute("late-events");
    }

    public static void counts(StreamExecutionEnvironment env, SinkFunction<String> sink) {
        DataStream<Tuple2<String, Long>> events = env.fromSource(Clicks.source(),
                WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                        .withTimestampAssigner((e, ts) -> e.f1),
                "clicks");
        SingleOutputStreamOperator<String> counts = events
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new CountClicks());
        counts.addSink(sink);
    }
}
