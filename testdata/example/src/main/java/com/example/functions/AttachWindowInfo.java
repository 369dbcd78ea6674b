package com.example.functions;

import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

import com.example.model.ActivitySummary;

/** Stamps the pre-aggregated summary with its key and the end of its window. */
public class AttachWindowInfo extends ProcessWindowFunction<ActivitySummary, ActivitySummary, String, TimeWindow> {

    private static final long serialVersionUID = 1L;

    @Override
    public void process(String key, Context ctx, Iterable<ActivitySummary> summaries, Collector<ActivitySummary> out) {
        ActivitySummary summary = summaries.iterator().next();
        summary.setKey(key);
        summary.setWindowEnd(ctx.window().getEnd());
        out.collect(summary);
    }
}
