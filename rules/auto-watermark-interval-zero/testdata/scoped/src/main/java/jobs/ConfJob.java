package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

public class ConfJob {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(EnvUtil.conf());
        env.fromSource(Sources.kafka(), WatermarkStrategy.<String>forMonotonousTimestamps(), "k").print();
        env.execute();
    }
}
