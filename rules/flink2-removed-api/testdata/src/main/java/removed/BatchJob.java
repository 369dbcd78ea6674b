package removed;

import org.apache.flink.api.java.DataSet;
import org.apache.flink.api.java.ExecutionEnvironment;

public class BatchJob {
    public static void main(String[] args) throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(); // want "the DataSet API .* is removed in Flink 2.0.*RuntimeExecutionMode.BATCH"
        DataSet<String> words = env.fromElements("a", "b");
        words.print();
    }
}
