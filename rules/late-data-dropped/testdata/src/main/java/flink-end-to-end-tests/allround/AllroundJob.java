package allround;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * A job of an end-to-end test module (trials: Flink's own
 * flink-end-to-end-tests, DataStreamAllroundTestProgram): it runs on data
 * the test generates, as jobs below src/test/ do.
 */
public class AllroundJob {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.socketTextStream("localhost", 9999)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ZERO)
                        .withTimestampAssigner((line, ts) -> Long.parseLong(line)))
                .keyBy(line -> line)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
        env.execute();
    }
}
