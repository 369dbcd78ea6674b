package fixes.flink2removedapi;

import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.utils.ParameterTool;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * flink2-removed-api: a job written for Flink 1.20, clicks counted per page in 10 s
 * event-time windows that accept 5 s of lateness, each count labelled. It uses what Flink 2.0
 * removed: the time characteristic, timeWindow and Time, open(Configuration), the
 * SourceFunction and ParameterTool of their old packages. It compiles and runs on 1.20, and
 * does not compile on 2.x.
 */
public class ClickCounts {
    public static void main(String[] args) throws Exception {
        ParameterTool params = ParameterTool.fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env, params.get("label", "clicks")).print();
        env.execute("click-counts");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env, String label) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime);
        return env.addSource(new Clicks())
                .keyBy(c -> c.f0)
                .timeWindow(Time.seconds(10))
                .allowedLateness(Time.seconds(5))
                .process(new Count())
                .map(new Label(label));
    }

    /**
     * Clicks with their timestamps and the watermarks between them: a click 7 s behind the
     * watermark (within the lateness), and one 26 s behind (beyond it).
     */
    static class Clicks implements SourceFunction<Tuple2<String, Long>> {
        @Override
        public void run(SourceContext<Tuple2<String, Long>> ctx) {
            long[][] script = {{1_000, 0}, {2_000, 0}, {12_000, 11_000}, {3_000, 11_000}, {30_000, 29_000}, {4_000, 29_000}};
            for (long[] s : script) {
                ctx.collectWithTimestamp(Tuple2.of("home", s[0]), s[0]);
                ctx.emitWatermark(new Watermark(s[1]));
            }
        }

        @Override
        public void cancel() {}
    }

    /** "page [start, end) count" for each firing of a window. */
    static class Count extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        @Override
        public void process(String page, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
            long n = 0;
            for (Tuple2<String, Long> c : in) {
                n++;
            }
            out.collect(page + " [" + ctx.window().getStart() + ", " + ctx.window().getEnd() + ") " + n);
        }
    }

    /** Prefixes each count with the label, set when the task opens. */
    static class Label extends RichMapFunction<String, String> {
        private final String label;
        private transient String prefix;

        Label(String label) {
            this.label = label;
        }

        @Override
        public void open(Configuration parameters) throws Exception {
            super.open(parameters);
            prefix = label + ": ";
        }

        @Override
        public String map(String count) {
            return prefix + count;
        }
    }
}
