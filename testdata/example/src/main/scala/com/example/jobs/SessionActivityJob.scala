package com.example.jobs

import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow

import com.example.common.{JobConstants, Watermarks}
import com.example.model.{ActivitySummary, ClickEvent, ClickEventDeserializationSchema}

/** Per-user and per-session click totals, written with the Scala DataStream API. */
object SessionActivityJob {

  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment

    val source = KafkaSource.builder[ClickEvent]()
      .setBootstrapServers(JobConstants.BOOTSTRAP_SERVERS)
      .setTopics(JobConstants.CLICKS_TOPIC)
      .setGroupId("session-activity")
      .setStartingOffsets(OffsetsInitializer.earliest())
      .setValueOnlyDeserializer(new ClickEventDeserializationSchema)
      .build()

    val clicks: DataStream[ClickEvent] =
      env.fromSource(source, Watermarks.clickEvents(), "session-clicks")

    // A summary for every 20 clicks of a user.
    clicks
      .map(e => ActivitySummary.of(e.getUserId, e))
      .keyBy(_.getKey)
      .countWindow(20)
      .reduce((a, b) => a.merge(b))
      .print("user-batches")

    // Everything a session did, summed up.
    val perSession: WindowedStream[ActivitySummary, String, GlobalWindow] = clicks
      .map(e => ActivitySummary.of(e.getSessionId, e))
      .keyBy(_.getKey)
      .window(GlobalWindows.create())

    perSession
      .reduce((a, b) => a.merge(b))
      .print("session-totals")

    env.execute("session-activity")
  }
}
