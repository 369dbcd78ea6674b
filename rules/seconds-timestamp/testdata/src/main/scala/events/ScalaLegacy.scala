package events

import org.apache.flink.streaming.api.functions.timestamps.{AscendingTimestampExtractor, BoundedOutOfOrdernessTimestampExtractor}
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.time.Time

case class Reading(id: String, epochSec: Long, tsMillis: Long, eventTime: Long)

object ScalaLegacy {
  def run(readings: DataStream[Reading]): Unit = {
    readings.assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor[Reading](Time.seconds(5)) {
      override def extractTimestamp(r: Reading): Long = r.epochSec // want "r.epochSec"
    })
    readings.assignTimestampsAndWatermarks(new AscendingTimestampExtractor[Reading] {
      override def extractAscendingTimestamp(r: Reading): Long = r.tsMillis / 1000 // want "r.tsMillis / 1000"
    })
    readings.assignAscendingTimestamps(_.epochSec) // want "_.epochSec"
    readings.assignAscendingTimestamps(r => r.tsMillis / 1000) // want "r.tsMillis / 1000"

    // Milliseconds: no finding.
    readings.assignAscendingTimestamps(_.epochSec * 1000)
    readings.assignAscendingTimestamps(_.tsMillis)
    readings.assignAscendingTimestamps(_.eventTime)
    readings.assignTimestampsAndWatermarks(new BoundedOutOfOrdernessTimestampExtractor[Reading](Time.seconds(5)) {
      override def extractTimestamp(r: Reading): Long = r.epochSec * 1000L
    })
  }
}

class ReadingExtractor extends BoundedOutOfOrdernessTimestampExtractor[Reading](Time.seconds(5)) {
  override def extractTimestamp(r: Reading): Long = r.eventTime / 1000 // want "r.eventTime / 1000"
}
