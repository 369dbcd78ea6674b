package late;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.util.OutputTag;

/** Another team's tags: same field name, another id. */
public final class OtherTags {
    public static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late-orders") {};

    private OtherTags() {}
}
