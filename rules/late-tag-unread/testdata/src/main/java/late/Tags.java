package late;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.util.OutputTag;

/** Side-output tags shared by the jobs. */
public final class Tags {
    public static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late-clicks") {};

    private Tags() {}
}
