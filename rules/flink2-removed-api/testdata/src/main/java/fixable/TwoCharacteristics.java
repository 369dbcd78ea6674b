package fixable;

import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

// Two setStreamTimeCharacteristic(EventTime) calls: the first finding's fix
// deletes both and the import they share; the second has no fix of its own.
public class TwoCharacteristics {
    static void first(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); // want "Flink 2.0 removed TimeCharacteristic .*\\nhelp: .*stop periodic watermarks\\n"
        env.fromSequence(1, 10).print();
    }

    static void second(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); // want "Flink 2.0 removed TimeCharacteristic .*\\nhelp: .*; the fix at line 10 covers this site\\n"
        env.fromSequence(1, 10).print();
    }
}
