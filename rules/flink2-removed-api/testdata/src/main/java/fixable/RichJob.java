package fixable;

import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

// open(Configuration) whose parameter is unused or only passed to
// super.open: the fix changes its type to OpenContext.
public class RichJob {
    static class Upper extends RichMapFunction<String, String> {
        private transient String prefix;

        @Override
        public void open(Configuration parameters) throws Exception { // want "Flink 2.0 removed RichFunction#open\\(Configuration\\) "
            super.open(parameters);
            prefix = "x";
        }

        @Override
        public String map(String value) {
            return prefix + value.toUpperCase();
        }
    }

    static class Timer extends KeyedProcessFunction<String, String, String> {
        @Override
        public void open(Configuration conf) { // want "removed RichFunction#open\\(Configuration\\)"
        }

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            out.collect(value);
        }
    }
}
