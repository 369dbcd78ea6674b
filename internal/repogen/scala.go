package repogen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// scalaJobText is a job written with the Scala DataStream API, using the
// module's Strategies, with s.bug planted.
func scalaJobText(s *spec) string {
	r := s.r
	ev := pick(r, nouns) + "Event"
	topic := pick(r, topics)
	var b strings.Builder
	b.WriteString(header(r))
	fmt.Fprintf(&b, `package com.acme.%[1]s.jobs

import java.time.Duration

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.connector.kafka.source.KafkaSource
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer
import org.apache.flink.streaming.api.scala._
import org.apache.flink.streaming.api.windowing.assigners.{GlobalWindows, TumblingEventTimeWindows, TumblingProcessingTimeWindows}
import org.apache.flink.streaming.api.windowing.triggers.{CountTrigger, PurgingTrigger}

import com.acme.%[1]s.flink.Strategies
import com.acme.%[1]s.model.{%[2]s, %[2]sSchema}

/** %[3]s of the %[4]s topic, written with the Scala DataStream API. */
object %[5]s {

  def main(args: Array[String]): Unit = {
    val env = StreamExecutionEnvironment.getExecutionEnvironment

    val source = KafkaSource.builder[%[2]s]()
      .setBootstrapServers("kafka-%[6]d:9092")
      .setTopics("%[1]s.%[4]s")
      .setGroupId("%[7]s")
      .setStartingOffsets(OffsetsInitializer.earliest())
      .setValueOnlyDeserializer(new %[2]sSchema)
      .build()

`, s.pkg, ev, pick(r, jobWords), topic, s.name, between(r, 1, 3), lower(s.name))
	if s.bug == noIdleness {
		fmt.Fprintf(&b, `    val strategy = WatermarkStrategy
      .forBoundedOutOfOrderness[%s](Duration.ofSeconds(%d))
      .withTimestampAssigner((e: %s, _: Long) => e.getEventTimeMillis)
    val events = env.fromSource(source, strategy, "%s-source")
`, ev, between(r, 1, 20), ev, topic)
	} else {
		fmt.Fprintf(&b, "    val events = env.fromSource(source, Strategies.events[%s](), \"%s-source\")\n", ev, topic)
	}
	late := fmt.Sprintf("late%d", s.i)
	fmt.Fprintf(&b, `
    val %[1]s = OutputTag[%[2]s]("%[1]s")
    val perKey = events
      .keyBy(_.get%[3]s)
      .window(TumblingEventTimeWindows.of(Strategies.WINDOW))
      .sideOutputLateData(%[1]s)
      .reduce((a, b) => a.merge(b))
    perKey.print("per-key")
`, late, ev, title(pick(r, fields)))
	if s.bug != lateTagUnread {
		fmt.Fprintf(&b, "    perKey.getSideOutput(%s).print(\"late\")\n", late)
	}
	switch s.bug {
	case globalNoTrigger:
		fmt.Fprintf(&b, `
    val allTime = events
      .keyBy(_.get%s)
      .window(GlobalWindows.create())
    allTime
      .reduce((a, b) => a.merge(b))
      .print("all-time")
`, title(pick(r, fields)))
	case procLateness:
		fmt.Fprintf(&b, `
    events
      .keyBy(_.get%s)
      .window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(%d)))
      .allowedLateness(Duration.ofSeconds(%d))
      .reduce((a, b) => a.merge(b))
      .print("wall-clock")
`, title(pick(r, fields)), between(r, 1, 10), between(r, 5, 60))
	}
	for k := range between(r, 0, 3) {
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, `
    events
      .keyBy(_.get%s)
      .countWindow(%d)
      .reduce((a, b) => a.merge(b))
      .print("batches-%d")
`, title(pick(r, fields)), between(r, 5, 500), k)
		} else {
			fmt.Fprintf(&b, `
    events
      .keyBy(_.get%s)
      .window(GlobalWindows.create())
      .trigger(PurgingTrigger.of(CountTrigger.of(Strategies.BATCH_SIZE)))
      .reduce((a, b) => a.merge(b))
      .print("flushed-%d")
`, title(pick(r, fields)), k)
		}
	}
	fmt.Fprintf(&b, "\n    env.execute(%q)\n  }\n", lower(s.name))
	for range between(r, 0, 3) {
		scalaMethod(&b, r)
	}
	b.WriteString("}\n")
	return b.String()
}

// scalaCodeText is an ordinary Scala file: a case class and its companion,
// or a test suite, grown to a drawn size.
func scalaCodeText(s *spec) string {
	r := s.r
	var b strings.Builder
	b.WriteString(header(r))
	fmt.Fprintf(&b, "package com.acme.%s.%s\n\nimport java.sql.Timestamp\nimport java.time.{Duration, Instant}\n\nimport scala.concurrent.{ExecutionContext, Future}\nimport scala.util.{Failure, Success, Try}\n", s.pkg, s.role.pkg)
	size := targetSize(r)
	if s.role.test {
		fmt.Fprintf(&b, "import org.scalatest.funsuite.AnyFunSuite\n\nclass %s extends AnyFunSuite {\n", s.name)
		for b.Len() < size {
			fmt.Fprintf(&b, `
  test("%[1]s keeps %[2]d entries") {
    val xs = (1 to %[3]d).map(i => s"k${i %% %[2]d}").distinct
    assert(xs.size == %[2]d)
    assert(Duration.ofSeconds(%[4]d).toMillis > 0)
  }
`, pick(r, verbs)+" "+lower(pick(r, nouns)), between(r, 1, 9), between(r, 10, 100), between(r, 1, 90))
		}
		b.WriteString("}\n")
		return b.String()
	}
	var params []string
	for j := range between(r, 2, 7) {
		params = append(params, fmt.Sprintf("%s%d: %s", pick(r, fields), j, pick(r, []string{"String", "Long", "Int", "BigDecimal", "Timestamp", "Instant", "Option[String]"})))
	}
	fmt.Fprintf(&b, "\n/** A %s as the %s module stores it. */\nfinal case class %s(%s)\n\nobject %s {\n", lower(pick(r, nouns)), s.module, s.name, strings.Join(params, ", "), s.name)
	for b.Len() < size {
		scalaMethod(&b, r)
	}
	b.WriteString("}\n")
	return b.String()
}

// scalaMethod appends one method of a drawn shape.
func scalaMethod(b *strings.Builder, r *rand.Rand) {
	name := pick(r, verbs) + pick(r, nouns) + fmt.Sprint(r.IntN(100))
	javadoc(b, r, "  ", name)
	switch r.IntN(5) {
	case 0:
		fmt.Fprintf(b, `
  def %[1]s(status: String): String = status match {
    case "NEW"              => "created"
    case "PAID" | "SHIPPED" => "in progress"
    case other if other.startsWith("X") => s"unknown: $other"
    case _                  => "done after " + Duration.ofHours(%[2]d)
  }
`, name, between(r, 1, 72))
	case 1:
		fmt.Fprintf(b, `
  def %[1]s(amounts: Seq[BigDecimal]): BigDecimal =
    amounts.filter(_ > 0).map(_ * BigDecimal(%[2]d) / 100).foldLeft(BigDecimal(0))(_ + _)
`, name, between(r, 1, 200))
	case 2:
		fmt.Fprintf(b, `
  def %[1]s(when: Instant): Timestamp = {
    val seconds = when.getEpochSecond + %[2]d
    new Timestamp(seconds * 1000L)
  }
`, name, between(r, 0, 3600))
	case 3:
		fmt.Fprintf(b, `
  def %[1]s(ids: Seq[String])(implicit ec: ExecutionContext): Future[Map[String, Int]] =
    Future {
      ids.groupBy(_.take(%[2]d)).map { case (k, v) => k -> v.size }
    }
`, name, between(r, 1, 8))
	default:
		fmt.Fprintf(b, `
  def %[1]s(raw: String): Option[Long] =
    Try(raw.trim.toLong) match {
      case Success(n) if n >= 0 => Some(n * %[2]d)
      case Success(_)           => None
      case Failure(_)           => None
    }
`, name, between(r, 1, 1000))
	}
}
