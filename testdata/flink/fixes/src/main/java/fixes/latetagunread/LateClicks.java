package fixes.latetagunread;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.PrintSinkFunction;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.OutputTag;

import clicks.Clicks;
import clicks.CountClicks;

/**
 * late-tag-unread: clicks "page,millis" from a Kafka topic, counted per page in 1 s event-time
 * windows. Late clicks are sent to a side output that nothing reads, so they are lost, and
 * numLateRecordsDropped, which would have counted them, stays at 0.
 */
public class LateClicks {
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late-clicks") {};

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env, new PrintSinkFunction<>());
        env.execute("late-clicks");
    }

    public static void counts(StreamExecutionEnvironment env, SinkFunction<String> sink) {
        SingleOutputStreamOperator<String> counts = env.fromSource(Clicks.source(),
                        WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps()
                                .withTimestampAssigner((e, ts) -> e.f1),
                        "clicks")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .sideOutputLateData(LATE)
                .process(new CountClicks());
        counts.addSink(sink);
    }
}
