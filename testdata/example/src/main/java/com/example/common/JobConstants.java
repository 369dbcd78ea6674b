package com.example.common;

import java.time.Duration;

import org.apache.flink.util.OutputTag;

import com.example.model.ClickEvent;

/** Settings shared by the clickstream jobs. */
public final class JobConstants {

    private JobConstants() {}

    // Kafka
    public static final String BOOTSTRAP_SERVERS = "kafka-1:9092,kafka-2:9092";
    public static final String CLICKS_TOPIC = "shop.clicks";
    public static final String PAYMENTS_TOPIC = "shop.payments";

    // Event time
    public static final Duration MAX_OUT_OF_ORDERNESS = Duration.ofSeconds(5);
    public static final Duration SOURCE_IDLE_TIMEOUT = Duration.ofMinutes(1);
    public static final Duration WINDOW_SIZE = Duration.ofMinutes(1);
    public static final Duration ALLOWED_LATENESS = Duration.ofSeconds(30);

    // Count-based batching
    public static final long USER_BATCH_SIZE = 10;
    public static final long SESSION_BATCH_SIZE = 100;

    // Side outputs for records that arrive after their window has closed
    public static final OutputTag<ClickEvent> LATE_CLICKS = new OutputTag<ClickEvent>("late-clicks") {};
    public static final OutputTag<ClickEvent> LATE_CHECKOUTS = new OutputTag<ClickEvent>("late-checkouts") {};
}
