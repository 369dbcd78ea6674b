package clicks;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/** "page [start, end) count" for each window of clicks. */
public final class CountClicks extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
    @Override
    public void process(String page, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
        long n = 0;
        for (Tuple2<String, Long> ignored : in) {
            n++;
        }
        out.collect(page + " [" + ctx.window().getStart() + ", " + ctx.window().getEnd() + ") " + n);
    }
}
