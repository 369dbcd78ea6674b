package com.example.jobs

import java.time.Duration

import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{GlobalWindows, TumblingEventTimeWindows}
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow

import com.example.common.{JobConstants, Watermarks}
import com.example.model.{ActivitySummary, ClickEvent, ClickEventDeserializationSchema}

/** Page views per minute and checkout batches per page, written with the Scala DataStream API. */
object TopPagesJob {

  // Page views that arrive after their minute has been emitted.
  private val lateViews = OutputTag[ActivitySummary]("late-page-views")

  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment

    val source = KafkaSource.builder[ClickEvent]()
      .setBootstrapServers(JobConstants.BOOTSTRAP_SERVERS)
      .setTopics(JobConstants.CLICKS_TOPIC)
      .setGroupId("top-pages")
      .setStartingOffsets(OffsetsInitializer.earliest())
      .setValueOnlyDeserializer(new ClickEventDeserializationSchema)
      .build()

    val clicks = env.fromSource(source, Watermarks.clickEvents(), "page-clicks")

    // Views per page, per minute of event time.
    val pageViews = clicks
      .filter(_.getAction == ClickEvent.Action.VIEW)
      .map(e => ActivitySummary.of(e.getPage, e))
      .keyBy(_.getKey)
      .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
      .sideOutputLateData(lateViews)
      .reduce((a, b) => a.merge(b))

    pageViews.print("page-views")
    pageViews.getSideOutput(lateViews).print("late-page-views")

    // Checkouts per page, flushed every 50 checkouts.
    val checkoutWindows: WindowedStream[ActivitySummary, String, GlobalWindow] = clicks
      .filter(_.getAction == ClickEvent.Action.CHECKOUT)
      .map(e => ActivitySummary.of(e.getPage, e))
      .keyBy(_.getKey)
      .window(GlobalWindows.create())

    checkoutWindows
      .trigger(CountTrigger.of(50))
      .reduce((a, b) => a.merge(b))
      .print("checkout-batches")

    env.execute("top-pages")
  }
}
