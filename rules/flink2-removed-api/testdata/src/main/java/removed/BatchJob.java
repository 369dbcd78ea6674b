package removed;

import org.apache.flink.api.java.DataSet;
import org.apache.flink.api.java.ExecutionEnvironment;

public class BatchJob {
    public static void main(String[] args) throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(); // want "Flink 2.0 removed the DataSet API .*\\nhelp: .*RuntimeExecutionMode.BATCH"
        DataSet<String> words = env.fromElements("a", "b");
        words.print();
    }
}
