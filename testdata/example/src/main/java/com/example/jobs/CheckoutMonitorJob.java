package com.example.jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;

import com.example.common.JobConstants;
import com.example.common.Watermarks;
import com.example.functions.AttachWindowInfo;
import com.example.functions.SummarizeClicks;
import com.example.model.ActivitySummary;
import com.example.model.ClickEvent;
import com.example.model.ClickEventDeserializationSchema;

/** Monitors the checkout funnel: cart activity, site-wide totals and payment batches. */
public class CheckoutMonitorJob {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();

        KafkaSource<ClickEvent> clickSource = kafkaSource(JobConstants.CLICKS_TOPIC);
        KafkaSource<ClickEvent> paymentSource = kafkaSource(JobConstants.PAYMENTS_TOPIC);

        DataStream<ClickEvent> clicks = env.fromSource(
                clickSource,
                WatermarkStrategy.<ClickEvent>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                        .withTimestampAssigner((e, ts) -> e.getTimestamp().getEpochSecond()),
                "checkout-clicks");

        // Payments are cleaned up first, then get their timestamps and watermarks.
        DataStream<ClickEvent> payments = env
                .fromSource(paymentSource, WatermarkStrategy.noWatermarks(), "payments")
                .map(ClickEvent::normalized)
                .assignTimestampsAndWatermarks(Watermarks.clickEvents());

        // Running cart activity per user.
        clicks
                .filter(e -> e.getAction() == ClickEvent.Action.ADD_TO_CART)
                .map(e -> ActivitySummary.of(e.getUserId(), e))
                .keyBy(ActivitySummary::getKey)
                .window(GlobalWindows.create())
                .reduce(ActivitySummary::merge)
                .print("cart-activity");

        // Site-wide totals across all users.
        clicks
                .map(e -> ActivitySummary.of("site", e))
                .windowAll(GlobalWindows.create())
                .reduce(ActivitySummary::merge)
                .print("site-totals");

        // Payments per user, flushed every 100 payments.
        payments
                .map(e -> ActivitySummary.of(e.getUserId(), e))
                .keyBy(ActivitySummary::getKey)
                .window(GlobalWindows.create())
                .trigger(CountTrigger.of(JobConstants.SESSION_BATCH_SIZE))
                .allowedLateness(JobConstants.ALLOWED_LATENESS)
                .reduce(ActivitySummary::merge)
                .print("payment-batches");

        // Checkout clicks per page, per minute.
        clicks
                .filter(e -> e.getAction() == ClickEvent.Action.CHECKOUT)
                .keyBy(ClickEvent::getPage)
                .window(TumblingEventTimeWindows.of(JobConstants.WINDOW_SIZE))
                .sideOutputLateData(JobConstants.LATE_CHECKOUTS)
                .aggregate(new SummarizeClicks(), new AttachWindowInfo())
                .print("checkouts-per-page");

        env.execute("checkout-monitor");
    }

    private static KafkaSource<ClickEvent> kafkaSource(String topic) {
        return KafkaSource.<ClickEvent>builder()
                .setBootstrapServers(JobConstants.BOOTSTRAP_SERVERS)
                .setTopics(topic)
                .setGroupId("checkout-monitor")
                .setStartingOffsets(OffsetsInitializer.latest())
                .setValueOnlyDeserializer(new ClickEventDeserializationSchema())
                .build();
    }
}
