package jobs;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;

import java.time.Duration;

/** A processing-time job turns watermarks off on purpose, as Flink 1.12's notes advise. */
public class ProcessingTimeJob {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.getConfig().setAutoWatermarkInterval(0);
        env.socketTextStream("localhost", 9999)
            .keyBy(s -> s)
            .window(TumblingProcessingTimeWindows.of(Duration.ofSeconds(10)))
            .reduce((a, b) -> a + b)
            .print();
        env.execute();
    }
}
