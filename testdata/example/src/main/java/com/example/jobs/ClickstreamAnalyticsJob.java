package com.example.jobs;

import java.time.Duration;
import java.time.Instant;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

import com.example.common.JobConstants;
import com.example.functions.AttachWindowInfo;
import com.example.functions.SummarizeClicks;
import com.example.model.ActivitySummary;
import com.example.model.ClickEvent;
import com.example.model.ClickEventDeserializationSchema;

/** Per-page traffic, per-user click batches and per-session batches from the shop clickstream. */
public class ClickstreamAnalyticsJob {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();

        KafkaSource<ClickEvent> source = KafkaSource.<ClickEvent>builder()
                .setBootstrapServers(JobConstants.BOOTSTRAP_SERVERS)
                .setTopics(JobConstants.CLICKS_TOPIC)
                .setGroupId("clickstream-analytics")
                .setStartingOffsets(OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
                .setValueOnlyDeserializer(new ClickEventDeserializationSchema())
                .build();

        DataStream<ClickEvent> clicks = env.fromSource(
                source,
                WatermarkStrategy.<ClickEvent>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                        .withIdleness(Duration.ofMinutes(1))
                        .withTimestampAssigner((e, ts) -> e.getTimestamp().toEpochMilli()),
                "events");

        // Clicks and revenue per page, per minute of event time. Stragglers go to a side output.
        SingleOutputStreamOperator<ActivitySummary> pageTraffic = clicks
                .keyBy(ClickEvent::getPage)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .allowedLateness(JobConstants.ALLOWED_LATENESS)
                .sideOutputLateData(JobConstants.LATE_CLICKS)
                .aggregate(new SummarizeClicks(), new AttachWindowInfo());
        pageTraffic.print("page-traffic");
        pageTraffic.getSideOutput(JobConstants.LATE_CLICKS).print("late-clicks");

        // Emit a summary for every 10 clicks of a user.
        clicks
                .map(e -> ActivitySummary.of(e.getUserId(), e))
                .keyBy(ActivitySummary::getKey)
                // .window(GlobalWindows.create())
                .countWindow(JobConstants.USER_BATCH_SIZE)
                .reduce(ActivitySummary::merge)
                .print("user-batches");

        // Per-session batches: a global window flushed every 100 clicks.
        WindowedStream<ActivitySummary, String, GlobalWindow> sessionWindows = clicks
                .map(e -> ActivitySummary.of(e.getSessionId(), e))
                .keyBy(ActivitySummary::getKey)
                .window(GlobalWindows.create());
        sessionWindows
                .trigger(CountTrigger.of(100))
                .reduce(ActivitySummary::merge)
                .name("session batches: GlobalWindows.create() + CountTrigger")
                .print("session-batches");

        // Smoke-test data: a bounded source whose global window fires once the input ends.
        env.fromData(
                        new ClickEvent("u1", "s1", "/home", ClickEvent.Action.VIEW, 0.0, Instant.parse("2024-05-01T10:00:00Z")),
                        new ClickEvent("u1", "s1", "/cart", ClickEvent.Action.ADD_TO_CART, 0.0, Instant.parse("2024-05-01T10:00:20Z")),
                        new ClickEvent("u2", "s2", "/checkout", ClickEvent.Action.PURCHASE, 42.5, Instant.parse("2024-05-01T10:01:05Z")))
                .map(e -> ActivitySummary.of(e.getPage(), e))
                .keyBy(ActivitySummary::getKey)
                .window(GlobalWindows.createWithEndOfStreamTrigger())
                .reduce(ActivitySummary::merge)
                .print("smoke-test");

        env.execute("clickstream-analytics");
    }
}
