package com.example.common;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import com.example.model.ClickEvent;

/** Watermark strategies used across the clickstream jobs. */
public final class Watermarks {

    private Watermarks() {}

    /**
     * Event time comes from the click itself; clicks may arrive a few seconds out of order,
     * and quiet Kafka partitions must not hold back the watermark.
     */
    public static WatermarkStrategy<ClickEvent> clickEvents() {
        return WatermarkStrategy.<ClickEvent>forBoundedOutOfOrderness(JobConstants.MAX_OUT_OF_ORDERNESS)
                .withIdleness(JobConstants.SOURCE_IDLE_TIMEOUT)
                .withTimestampAssigner((event, recordTimestamp) -> event.getTimestamp().toEpochMilli());
    }
}
