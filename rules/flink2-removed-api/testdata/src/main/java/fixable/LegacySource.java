package fixable;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.PrintSinkFunction;
import org.apache.flink.streaming.api.functions.source.RichParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.SourceFunction;

// SourceFunction classes that 2.x keeps in the legacy packages: the fix
// imports them from there.
public class LegacySource {
    static class Counter extends RichParallelSourceFunction<Long> { // want "Flink 2.0 removed the SourceFunction API .*\\nhelp: .*import RichParallelSourceFunction, SourceFunction from org.apache.flink.streaming.api.functions.source.legacy, .*\\nnote: .* of org.apache.flink.streaming.api.functions.source$"
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
        env.addSource(new Counter()) // want "addSource takes only a legacy SourceFunction in Flink 2.x \\(pom.xml targets Flink 2.0.0\\)"
                .addSink(new PrintSinkFunction<>()); // want "addSink takes only a legacy SinkFunction" "Flink 2.0 removed the SinkFunction API .*\\nhelp: .*import PrintSinkFunction from .*sink.legacy, where 2.x keeps it deprecated"
    }
}
