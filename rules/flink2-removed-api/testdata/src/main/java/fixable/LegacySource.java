package fixable;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.PrintSinkFunction;
import org.apache.flink.streaming.api.functions.source.RichParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.SourceFunction;

// SourceFunction classes that 2.x keeps in the legacy packages: the fix
// imports them from there.
public class LegacySource {
    static class Counter extends RichParallelSourceFunction<Long> { // want "The SourceFunction API of org.apache.flink.streaming.api.functions.source is removed in Flink 2.0.*keeps RichParallelSourceFunction, SourceFunction, deprecated, in org.apache.flink.streaming.api.functions.source.legacy"
        private volatile boolean running = true;

        @Override
        public void run(SourceFunction.SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                ctx.collect(i++);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    static void build(StreamExecutionEnvironment env) {
        env.addSource(new Counter()) // want "addSource takes only the deprecated legacy SourceFunction/SinkFunction in Flink 2.x"
                .addSink(new PrintSinkFunction<>()); // want "addSink takes only" "The SinkFunction API .*keeps PrintSinkFunction, deprecated"
    }
}
