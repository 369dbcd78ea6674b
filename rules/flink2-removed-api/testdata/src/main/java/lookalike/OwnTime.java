package lookalike;

import org.apache.flink.configuration.Configuration;

// A Time and an open(Configuration) that are not Flink's: silent.
public class OwnTime {
    static class Time {
        static long seconds(long s) {
            return s * 1000;
        }
    }

    static class Connection {
        void open(Configuration conf) {
        }
    }

    static long window() {
        new Connection().open(new Configuration());
        return Time.seconds(5);
    }

    void timeWindow(long size) {
    }

    void call() {
        timeWindow(Time.seconds(1));
    }
}
