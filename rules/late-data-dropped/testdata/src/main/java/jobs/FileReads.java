package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * A file read once ends, also in a project where another job sets the
 * IngestionTime characteristic (OwnWatermarks; trials: a repository that
 * holds Flink's own examples, 7 false findings): the characteristic
 * changes how records are stamped, not whether the input ends.
 */
public class FileReads {
    public static void readOnce(StreamExecutionEnvironment env) {
        env.readTextFile("input/UserBehavior.csv")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((line, ts) -> Long.parseLong(line.split(",")[4]) * 1000L))
                .keyBy(line -> line.split(",")[1])
                .window(TumblingEventTimeWindows.of(Duration.ofHours(1)))
                .reduce((a, b) -> a)
                .print();
    }

    public static void socket(StreamExecutionEnvironment env) {
        env.socketTextStream("localhost", 9999)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((line, ts) -> Long.parseLong(line.split(",")[4]) * 1000L))
                .keyBy(line -> line.split(",")[1])
                .window(TumblingEventTimeWindows.of(Duration.ofHours(1))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }
}
