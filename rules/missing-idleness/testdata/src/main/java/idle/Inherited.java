package idle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** Calls of the inherited assignTimestampsAndWatermarks, with no receiver: the stream is this object. */
public class Inherited extends DataStream<String> {
    Inherited(StreamExecutionEnvironment env, DataStream<String> input) {
        super(env, input.getTransformation());
    }

    DataStream<String> unioned(DataStream<String> other) {
        return assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()) // want "combined with another by union"
            .union(other);
    }

    DataStream<String> alone() {
        return assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
    }
}
