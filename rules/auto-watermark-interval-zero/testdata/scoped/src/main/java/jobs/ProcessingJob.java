package jobs;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

public class ProcessingJob {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        EnvUtil.processingTime(env);
        env.fromElements(1, 2, 3).print();
        env.execute();

        StreamExecutionEnvironment made = EnvFactory.processingTime();
        made.fromElements(4, 5, 6).print();
        made.execute();
    }
}
