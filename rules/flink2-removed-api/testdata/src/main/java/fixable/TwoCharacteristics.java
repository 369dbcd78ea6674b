package fixable;

import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

// Two setStreamTimeCharacteristic(EventTime) calls: the first finding's fix
// deletes both and the import they share; the second has no fix of its own.
public class TwoCharacteristics {
    static void first(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); // want "TimeCharacteristic and setStreamTimeCharacteristic are removed in Flink 2.0 .*stop periodic watermarks$"
        env.fromSequence(1, 10).print();
    }

    static void second(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); // want "TimeCharacteristic and setStreamTimeCharacteristic are removed in Flink 2.0 .*; the fix at line 10 covers this site$"
        env.fromSequence(1, 10).print();
    }
}
