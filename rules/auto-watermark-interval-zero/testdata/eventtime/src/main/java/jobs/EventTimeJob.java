package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

public class EventTimeJob {
    static final long NO_INTERVAL = 0L;

    public static void main(String[] args) throws Exception {
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO); // want "(?s)pipeline.auto-watermark-interval is 0, so periodic watermarks never advance.*strategy forBoundedOutOfOrderness emits"
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.getConfig().setAutoWatermarkInterval(0); // want "periodic watermarks never advance"
        env.getConfig().setAutoWatermarkInterval(NO_INTERVAL); // want "never fire"
        env.getConfig().setAutoWatermarkInterval(200);
        env.fromElements(1L, 2L, 3L)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                .withTimestampAssigner((v, ts) -> v))
            .keyBy(v -> v % 2)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sum(0)
            .print();
        env.execute();
    }
}
