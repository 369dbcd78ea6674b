package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

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
        // No fix: a deletion would take the next statement into the if, or
        // the rest of the chain along.
        if (args.length > 1)
            env.getConfig().setAutoWatermarkInterval(0); // want "never advance"
        env.getConfig().setAutoWatermarkInterval(0).enableObjectReuse(); // want "never advance"
        StreamTableEnvironment.create(env).executeSql("SET 'pipeline.auto-watermark-interval' = '0'"); // want "never advance"
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
