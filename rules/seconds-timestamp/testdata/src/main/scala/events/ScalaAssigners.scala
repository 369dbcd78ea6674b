package events

import java.time.Duration

import org.apache.flink.api.common.eventtime.{SerializableTimestampAssigner, WatermarkStrategy}

case class Click(userId: String, tsSec: Long, tsMillis: Long)

object ScalaAssigners {
  val base: WatermarkStrategy[Click] = WatermarkStrategy.forBoundedOutOfOrderness[Click](Duration.ofSeconds(5))

  def strategies(): Unit = {
    base.withTimestampAssigner(new SerializableTimestampAssigner[Click] { // want "c.tsSec"
      override def extractTimestamp(c: Click, recordTimestamp: Long): Long = c.tsSec
    })
    base.withTimestampAssigner(new SerializableTimestampAssigner[Click] {
      override def extractTimestamp(c: Click, recordTimestamp: Long): Long = c.tsMillis
    })
    base.withTimestampAssigner(new SerializableTimestampAssigner[Click] {
      override def extractTimestamp(c: Click, recordTimestamp: Long): Long = c.tsSec * 1000
    })
  }
}

class ClickAssigner extends SerializableTimestampAssigner[Click] {
  override def extractTimestamp(c: Click, recordTimestamp: Long): Long = { // want "c.tsMillis / 1000"
    val seconds = c.tsMillis / 1000
    seconds
  }
}
