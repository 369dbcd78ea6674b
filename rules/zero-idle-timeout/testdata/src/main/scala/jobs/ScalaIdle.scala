package jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy

object ScalaTimeouts {
  val Idle: Duration = Duration.ZERO
}

object ScalaIdle {
  def strategies(): Unit = {
    WatermarkStrategy.forMonotonousTimestamps[String]().withIdleness(ScalaTimeouts.Idle) // want "zero"
    WatermarkStrategy
      .forBoundedOutOfOrderness[String](Duration.ofSeconds(5))
      .withIdleness(Duration.ofSeconds(0)) // want "zero"
    WatermarkStrategy.forMonotonousTimestamps[String]().withIdleness(Duration.ofSeconds(10))
  }
}
