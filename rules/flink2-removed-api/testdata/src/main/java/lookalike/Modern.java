package lookalike;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.source.FileProcessingMode;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

// The 2.x way, already in a 1.20 build: silent.
public class Modern {
    static class Upper extends RichMapFunction<String, String> {
        @Override
        public void open(OpenContext ctx) {
        }

        @Override
        public String map(String v) {
            return v;
        }
    }

    static TimestampAssigner<Tuple2<String, Long>> assigner() {
        return (e, ts) -> e.f1;
    }

    static void build(DataStream<Tuple2<String, Long>> in) {
        SerializableTimestampAssigner<Tuple2<String, Long>> a = (e, ts) -> e.f1;
        in.assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withTimestampAssigner(a))
                .keyBy(t -> t.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .allowedLateness(Duration.ofMinutes(1))
                .sum(1);
        FileProcessingMode mode = FileProcessingMode.PROCESS_CONTINUOUSLY;
    }
}
