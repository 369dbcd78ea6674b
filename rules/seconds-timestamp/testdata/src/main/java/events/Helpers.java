package events;

import org.apache.flink.api.common.eventtime.SerializableTimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

import java.time.Duration;

// An assigner that reaches withTimestampAssigner through a helper's
// parameter: each caller's lambda is checked, and reported where it is
// written, since the helper's other callers may pass milliseconds.
public class Helpers {
    static <E> WatermarkStrategy<E> strategy(SerializableTimestampAssigner<E> assigner) {
        return WatermarkStrategy.<E>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withTimestampAssigner(assigner);
    }

    static <E> WatermarkStrategy<E> idle(SerializableTimestampAssigner<E> assigner) {
        return strategy(assigner).withIdleness(Duration.ofMinutes(1));
    }

    void build(DataStream<Event> in) {
        in.assignTimestampsAndWatermarks(strategy((e, ts) -> e.getTime().getEpochSecond())).print(); // want "returns seconds \\(e.getTime\\(\\).getEpochSecond\\(\\)\\)"
        in.assignTimestampsAndWatermarks(idle((e, ts) -> e.getMillis() / 1000)).print(); // want "returns seconds \\(e.getMillis\\(\\) / 1000\\)"
        in.assignTimestampsAndWatermarks(strategy((e, ts) -> e.getTime().toEpochMilli())).print();
        in.assignTimestampsAndWatermarks(strategy((e, ts) -> e.getMillis())).print();
    }
}
