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
 * late-tag-unread: the same counts, formatted by a map, whose result the job asks for the late
 * clicks. Only the window operator emits to the late tag, so the late sink receives nothing and
 * the late clicks are lost.
 */
public class ReadAfterFormat {
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late-clicks") {};

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env, new PrintSinkFunction<>(), new PrintSinkFunction<>(true));
        env.execute("read-after-format");
    }

    public static void counts(StreamExecutionEnvironment env, SinkFunction<String> sink,
                              SinkFunction<Tuple2<String, Long>> lateSink) {
        SingleOutputStreamOperator<String> counts = env.fromSource(Clicks.source(),
                        WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps()
                                .withTimestampAssigner((e, ts) -> e.f1),
                        "clicks")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .sideOutputLateData(LATE)
                .process(new CountClicks());
        SingleOutputStreamOperator<String> lines = counts.map(String::toUpperCase);
        lines.addSink(sink);
        lines.getSideOutput(LATE).addSink(lateSink);
    }
}
