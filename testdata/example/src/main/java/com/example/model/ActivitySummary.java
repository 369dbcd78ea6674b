package com.example.model;

/** Aggregated activity for one key (a page, a user or a session) over some window. */
public class ActivitySummary {

    private String key;
    private long clicks;
    private double revenue;
    private long windowEnd;

    public ActivitySummary() {}

    public ActivitySummary(String key, long clicks, double revenue, long windowEnd) {
        this.key = key;
        this.clicks = clicks;
        this.revenue = revenue;
        this.windowEnd = windowEnd;
    }

    /** A summary holding a single click, keyed by the given key. */
    public static ActivitySummary of(String key, ClickEvent event) {
        double revenue = event.getAction() == ClickEvent.Action.PURCHASE ? event.getAmount() : 0.0;
        return new ActivitySummary(key, 1L, revenue, 0L);
    }

    /** Combines two summaries of the same key; usable as a ReduceFunction. */
    public ActivitySummary merge(ActivitySummary other) {
        return new ActivitySummary(key, clicks + other.clicks, revenue + other.revenue,
                Math.max(windowEnd, other.windowEnd));
    }

    public String getKey() { return key; }
    public void setKey(String key) { this.key = key; }

    public long getClicks() { return clicks; }
    public void setClicks(long clicks) { this.clicks = clicks; }

    public double getRevenue() { return revenue; }
    public void setRevenue(double revenue) { this.revenue = revenue; }

    public long getWindowEnd() { return windowEnd; }
    public void setWindowEnd(long windowEnd) { this.windowEnd = windowEnd; }

    @Override
    public String toString() {
        return "ActivitySummary{" + key + ", clicks=" + clicks + ", revenue=" + revenue + ", windowEnd=" + windowEnd + "}";
    }
}
