package com.example.functions;

import org.apache.flink.api.common.functions.AggregateFunction;

import com.example.model.ActivitySummary;
import com.example.model.ClickEvent;

/** Incrementally counts clicks and sums purchase revenue inside a window. */
public class SummarizeClicks implements AggregateFunction<ClickEvent, ActivitySummary, ActivitySummary> {

    private static final long serialVersionUID = 1L;

    @Override
    public ActivitySummary createAccumulator() {
        return new ActivitySummary(null, 0L, 0.0, 0L);
    }

    @Override
    public ActivitySummary add(ClickEvent event, ActivitySummary acc) {
        return acc.merge(ActivitySummary.of(null, event));
    }

    @Override
    public ActivitySummary getResult(ActivitySummary acc) {
        return acc;
    }

    @Override
    public ActivitySummary merge(ActivitySummary a, ActivitySummary b) {
        return a.merge(b);
    }
}
