package repogen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// strategiesJava is a module's Strategies class: the watermark strategy
// and the durations its jobs share. DEFAULT_IDLE is Duration.ZERO, which
// is harmless here and a mistake in the job that passes it to withIdleness.
func strategiesJava(s *spec) string {
	r := s.r
	return fmt.Sprintf(`package com.acme.%[1]s.flink;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import com.acme.%[1]s.model.HasEventTime;

/** Watermark strategies and time settings shared by the %[1]s jobs. */
public final class Strategies {

    private Strategies() {}

    public static final Duration MAX_DELAY = Duration.ofSeconds(%[2]d);
    public static final Duration IDLE = Duration.ofMinutes(%[3]d);
    public static final Duration DEFAULT_IDLE = Duration.ZERO;
    public static final Duration WINDOW = Duration.ofMinutes(%[4]d);
    public static final long BATCH_SIZE = %[5]d;

    /** Event time is the record's own, in epoch milliseconds; quiet partitions do not hold the watermark back. */
    public static <T extends HasEventTime> WatermarkStrategy<T> events() {
        return WatermarkStrategy.<T>forBoundedOutOfOrderness(MAX_DELAY)
                .withIdleness(IDLE)
                .withTimestampAssigner((e, ts) -> e.getEventTimeMillis());
    }

    /** For replays of bounded files: records are in order. */
    public static <T extends HasEventTime> WatermarkStrategy<T> ordered() {
        return WatermarkStrategy.<T>forMonotonousTimestamps()
                .withTimestampAssigner((e, ts) -> e.getEventTimeMillis());
    }
}
`, s.pkg, between(r, 2, 30), between(r, 1, 5), between(r, 1, 15), between(r, 10, 500))
}

// javaJobText is a DataStream job reading a Kafka topic: a source, the
// stream's watermark strategy and a few pipelines, with s.bug planted.
func javaJobText(s *spec) string {
	r := s.r
	ev := pick(r, nouns) + "Event"
	topic := pick(r, topics)
	var b strings.Builder
	b.WriteString(header(r))
	fmt.Fprintf(&b, `package com.acme.%[1]s.jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

import com.acme.%[1]s.flink.Strategies;
import com.acme.%[1]s.model.%[2]s;
import com.acme.%[1]s.model.%[2]sSchema;

/** %[3]s of the %[4]s topic, per key and per window of event time. */
public class %[5]s {

    private static final String TOPIC = "%[1]s.%[4]s";

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(%[6]d);

`, s.pkg, ev, pick(r, jobWords), topic, s.name, between(r, 10, 120)*1000)
	const assigner = "\n                        .withTimestampAssigner((e, ts) -> e.getEventTimeMillis())"
	switch s.bug {
	case assignAfter:
		fmt.Fprintf(&b, `        DataStream<%[1]s> events = env
                .fromSource(source(TOPIC), WatermarkStrategy.noWatermarks(), "%[2]s-source")
                .map(%[1]s::normalized)
                .assignTimestampsAndWatermarks(Strategies.events());
`, ev, topic)
	default:
		strategy := "Strategies.events()"
		switch s.bug {
		case zeroIdle:
			strategy = "WatermarkStrategy.<" + ev + ">forBoundedOutOfOrderness(Strategies.MAX_DELAY)\n                        .withIdleness(Strategies.DEFAULT_IDLE)" + assigner
		case secondsAssigner:
			strategy = "WatermarkStrategy.<" + ev + ">forBoundedOutOfOrderness(Strategies.MAX_DELAY)\n                        .withIdleness(Strategies.IDLE)\n                        .withTimestampAssigner((e, ts) -> e.getCreatedAt().getEpochSecond())"
		case noIdleness:
			strategy = fmt.Sprintf("WatermarkStrategy.<%s>forBoundedOutOfOrderness(Duration.ofSeconds(%d))", ev, between(r, 1, 20)) + assigner
		}
		fmt.Fprintf(&b, "        DataStream<%s> events = env.fromSource(\n                source(TOPIC),\n                %s,\n                \"%s-source\");\n", ev, strategy, topic)
	}
	blocks := []func(*strings.Builder, *rand.Rand, string, int){
		countBlock, triggeredGlobalBlock, slidingBlock, timerBlock, sqlBlock, filterBlock,
	}
	lateBlock(&b, r, ev, 0, s.bug == lateTagUnread)
	switch s.bug {
	case globalNoTrigger:
		fmt.Fprintf(&b, `
        events
                .keyBy(%[1]s::get%[2]s)
                .window(GlobalWindows.create())
                .reduce((a, b) -> a.merge(b))
                .print("all-time-%[3]d");
`, ev, title(pick(r, fields)), s.i)
	case procLateness:
		fmt.Fprintf(&b, `
        events
                .keyBy(%[1]s::get%[2]s)
                .window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(%[3]d)))
                .allowedLateness(Duration.ofSeconds(%[4]d))
                .reduce((a, b) -> a.merge(b))
                .print("wall-clock-%[5]d");
`, ev, title(pick(r, fields)), between(r, 1, 10), between(r, 5, 60), s.i)
	}
	for k := range between(r, 0, 4) {
		pick(r, blocks)(&b, r, ev, k+1)
	}
	fmt.Fprintf(&b, `
        env.execute("%[1]s");
    }

    private static KafkaSource<%[2]s> source(String topic) {
        return KafkaSource.<%[2]s>builder()
                .setBootstrapServers("kafka-%[3]d:9092")
                .setTopics(topic)
                .setGroupId("%[1]s")
                .setStartingOffsets(OffsetsInitializer.%[4]s())
                .setValueOnlyDeserializer(new %[2]sSchema())
                .build();
    }
`, lower(s.name), ev, between(r, 1, 3), pick(r, []string{"earliest", "latest"}))
	for range between(r, 0, 3) {
		javaMethod(&b, r, "    ", s.name, false)
	}
	b.WriteString("}\n")
	return b.String()
}

// lateBlock is an event-time window whose late records go to a side
// output, read and printed unless unread.
func lateBlock(b *strings.Builder, r *rand.Rand, ev string, k int, unread bool) {
	fmt.Fprintf(b, `
        final OutputTag<%[1]s> late%[2]d = new OutputTag<%[1]s>("late-%[2]d") {};
        SingleOutputStreamOperator<%[1]s> perKey%[2]d = events
                .keyBy(%[1]s::get%[3]s)
                .window(TumblingEventTimeWindows.of(Strategies.WINDOW))
                .allowedLateness(Duration.ofSeconds(%[4]d))
                .sideOutputLateData(late%[2]d)
                .reduce((a, b) -> a.merge(b));
        perKey%[2]d.print("per-key-%[2]d");
`, ev, k, title(pick(r, fields)), between(r, 5, 120))
	if !unread {
		fmt.Fprintf(b, "        perKey%[1]d.getSideOutput(late%[1]d).print(\"late-%[1]d\");\n", k)
	}
}

func countBlock(b *strings.Builder, r *rand.Rand, ev string, k int) {
	fmt.Fprintf(b, `
        events
                .keyBy(%[1]s::get%[2]s)
                .countWindow(%[3]d)
                .reduce((a, b) -> a.merge(b))
                .print("batches-%[4]d");
`, ev, title(pick(r, fields)), between(r, 5, 1000), k)
}

func triggeredGlobalBlock(b *strings.Builder, r *rand.Rand, ev string, k int) {
	fmt.Fprintf(b, `
        events
                .keyBy(%[1]s::get%[2]s)
                .window(GlobalWindows.create())
                .trigger(PurgingTrigger.of(CountTrigger.of(Strategies.BATCH_SIZE)))
                .reduce((a, b) -> a.merge(b))
                .print("flushed-%[3]d");
`, ev, title(pick(r, fields)), k)
}

func slidingBlock(b *strings.Builder, r *rand.Rand, ev string, k int) {
	fmt.Fprintf(b, `
        events
                .keyBy(%[1]s::get%[2]s)
                .window(SlidingEventTimeWindows.of(Duration.ofMinutes(%[3]d), Duration.ofSeconds(%[4]d)))
                .reduce((a, b) -> a.merge(b))
                .name("sliding-%[5]d")
                .print("sliding-%[5]d");
`, ev, title(pick(r, fields)), between(r, 5, 60), between(r, 10, 60), k)
}

func timerBlock(b *strings.Builder, r *rand.Rand, ev string, k int) {
	fmt.Fprintf(b, `
        events
                .keyBy(%[1]s::get%[2]s)
                .process(new KeyedProcessFunction<String, %[1]s, %[1]s>() {
                    @Override
                    public void processElement(%[1]s value, Context ctx, Collector<%[1]s> out) {
                        ctx.timerService().registerEventTimeTimer(value.getEventTimeMillis() + %[3]d_000L);
                        out.collect(value);
                    }
                })
                .print("timers-%[4]d");
`, ev, title(pick(r, fields)), between(r, 1, 600), k)
}

func sqlBlock(b *strings.Builder, r *rand.Rand, _ string, k int) {
	topic := pick(r, topics)
	fmt.Fprintf(b, `
        StreamTableEnvironment tEnv%[1]d = StreamTableEnvironment.create(env);
        tEnv%[1]d.executeSql("CREATE TABLE %[2]s_%[1]d ("
                + " id STRING, amount DECIMAL(10, 2), ts_ms BIGINT,"
                + " ts AS TO_TIMESTAMP_LTZ(ts_ms, 3),"
                + " WATERMARK FOR ts AS ts - INTERVAL '%[3]d' SECOND"
                + ") WITH ('connector' = 'kafka', 'topic' = '%[2]s', 'format' = 'json',"
                + " 'properties.bootstrap.servers' = 'kafka:9092',"
                + " 'scan.watermark.idle-timeout' = '%[4]d s')");
`, k, topic, between(r, 1, 30), between(r, 10, 300))
}

func filterBlock(b *strings.Builder, r *rand.Rand, ev string, k int) {
	fmt.Fprintf(b, `
        events
                .filter(e -> e.get%[2]s() != null)
                .map(%[1]s::normalized)
                .name("cleaned-%[3]d")
                .print("cleaned-%[3]d");
`, ev, title(pick(r, fields)), k)
}

// javaCodeText is an ordinary class of s.role, grown with members to a
// drawn size.
func javaCodeText(s *spec) string {
	r := s.r
	var b strings.Builder
	sub := s.role.pkg
	fmt.Fprintf(&b, "%spackage com.acme.%s.%s;\n\n", header(r), s.pkg, sub)
	imports := []string{"java.math.BigDecimal", "java.sql.Connection", "java.sql.PreparedStatement", "java.sql.ResultSet",
		"java.sql.SQLException", "java.sql.Timestamp", "java.time.Duration", "java.time.Instant", "java.time.LocalDate",
		"java.util.ArrayList", "java.util.HashMap", "java.util.List", "java.util.Map", "java.util.Objects", "java.util.Optional"}
	switch {
	case s.role.test:
		imports = append(imports, "org.junit.jupiter.api.Test", "static org.junit.jupiter.api.Assertions.assertEquals",
			"static org.junit.jupiter.api.Assertions.assertTrue")
	case s.role.suffix == "Window":
		imports = append(imports, "javax.swing.JFrame", "javax.swing.JPanel", "java.awt.Dimension")
	}
	for _, imp := range imports {
		fmt.Fprintf(&b, "import %s;\n", imp)
	}
	doc := fmt.Sprintf("%s %s for the %s module.", pick(r, []string{"Handles", "Keeps", "Computes", "Validates", "Builds"}),
		lower(pick(r, nouns))+"s", s.module)
	ext := ""
	if s.role.suffix == "Window" {
		ext = " extends JFrame"
	}
	fmt.Fprintf(&b, "\n/** %s */\npublic class %s%s {\n", doc, s.name, ext)
	size := targetSize(r)
	if s.role.suffix == "Dto" || s.role.suffix == "Record" {
		dtoMembers(&b, r, s.name)
	}
	if s.role.suffix == "Window" {
		windowMembers(&b, r, s.name)
	}
	for b.Len() < size {
		javaMethod(&b, r, "    ", s.name, s.role.test)
	}
	b.WriteString("}\n")
	return b.String()
}

func dtoMembers(b *strings.Builder, r *rand.Rand, class string) {
	n := between(r, 3, 9)
	names := make([]string, 0, n)
	var accessors strings.Builder
	for j := range n {
		t, f := pick(r, javaTypes), pick(r, fields)+fmt.Sprint(j)
		names = append(names, f)
		fmt.Fprintf(b, "    private %s %s;\n", t, f)
		fmt.Fprintf(&accessors, `
    public %[1]s get%[2]s() {
        return %[3]s;
    }

    public void set%[2]s(%[1]s %[3]s) {
        this.%[3]s = %[3]s;
    }
`, t, title(f), f)
	}
	fmt.Fprintf(b, `
    @Override
    public String toString() {
        return "%s{" + %s + "}";
    }
`, class, strings.Join(func() []string {
		var parts []string
		for _, f := range names {
			parts = append(parts, fmt.Sprintf("%q + %s", f+"=", f))
		}
		return parts
	}(), " + \", \" + "))
	b.WriteString(accessors.String())
}

func windowMembers(b *strings.Builder, r *rand.Rand, class string) {
	fmt.Fprintf(b, `    private final JPanel content = new JPanel();
    private boolean open;

    public %[1]s() {
        super("%[2]s");
        setContentPane(content);
    }

    public void openWindow() {
        setSize(new Dimension(%[3]d, %[4]d));
        setVisible(true);
        open = true;
    }

    public void closeWindow() {
        setVisible(false);
        dispose();
        open = false;
    }

    public void resizeWindow(int width, int height) {
        if (open) {
            setSize(new Dimension(Math.max(width, 200), Math.max(height, 150)));
        }
    }
`, class, pick(r, nouns)+" settings", between(r, 300, 1200), between(r, 200, 900))
}

// javaMethod appends one method of a drawn shape.
func javaMethod(b *strings.Builder, r *rand.Rand, ind, class string, test bool) {
	noun := pick(r, nouns)
	name := pick(r, verbs) + noun + fmt.Sprint(r.IntN(100))
	javadoc(b, r, ind, name)
	if test {
		fmt.Fprintf(b, `
%[1]s@Test
%[1]svoid %[2]sWorks() {
%[1]s    Map<String, Integer> counts = new HashMap<>();
%[1]s    for (int i = 0; i < %[3]d; i++) {
%[1]s        counts.merge("k" + (i %% %[4]d), 1, Integer::sum);
%[1]s    }
%[1]s    assertEquals(%[4]d, counts.size());
%[1]s    assertTrue(Duration.ofSeconds(%[5]d).toMillis() > 0, "%[6]s");
%[1]s}
`, ind, name, between(r, 10, 100), between(r, 1, 9), between(r, 1, 90), class)
		return
	}
	switch r.IntN(7) {
	case 0:
		fmt.Fprintf(b, `
%[1]spublic Optional<String> %[2]s(Map<String, String> index, String key) {
%[1]s    if (key == null || key.isEmpty()) {
%[1]s        return Optional.empty();
%[1]s    }
%[1]s    String value = index.get(key.trim().toLowerCase());
%[1]s    return Optional.ofNullable(value).map(v -> v + ":%[3]d");
%[1]s}
`, ind, name, r.IntN(1000))
	case 1:
		fmt.Fprintf(b, `
%[1]spublic BigDecimal %[2]s(List<BigDecimal> amounts) {
%[1]s    BigDecimal total = BigDecimal.ZERO;
%[1]s    for (BigDecimal amount : amounts) {
%[1]s        if (amount.signum() > 0) {
%[1]s            total = total.add(amount.multiply(BigDecimal.valueOf(%[3]d, 2)));
%[1]s        }
%[1]s    }
%[1]s    return total.setScale(2, java.math.RoundingMode.HALF_UP);
%[1]s}
`, ind, name, between(r, 1, 200))
	case 2:
		fmt.Fprintf(b, `
%[1]spublic static Timestamp %[2]s(Instant when, Duration grace) {
%[1]s    long seconds = when.getEpochSecond() + grace.getSeconds();
%[1]s    Timestamp ts = new Timestamp(seconds * 1000L);
%[1]s    ts.setNanos(when.getNano());
%[1]s    return ts;
%[1]s}
`, ind, name)
	case 3:
		fmt.Fprintf(b, `
%[1]spublic List<String> %[2]s(Connection connection, LocalDate since) throws SQLException {
%[1]s    List<String> out = new ArrayList<>();
%[1]s    String sql = "SELECT %[3]s_id, created_at FROM %[3]s WHERE created_at >= ? ORDER BY created_at LIMIT %[4]d";
%[1]s    try (PreparedStatement stmt = connection.prepareStatement(sql)) {
%[1]s        stmt.setTimestamp(1, Timestamp.valueOf(since.atStartOfDay()));
%[1]s        try (ResultSet rs = stmt.executeQuery()) {
%[1]s            while (rs.next()) {
%[1]s                out.add(rs.getString(1) + "@" + rs.getTimestamp(2).toInstant());
%[1]s            }
%[1]s        }
%[1]s    }
%[1]s    return out;
%[1]s}
`, ind, name, lower(noun), between(r, 10, 500))
	case 4:
		fmt.Fprintf(b, `
%[1]spublic String %[2]s(String status) {
%[1]s    switch (Objects.requireNonNullElse(status, "UNKNOWN")) {
%[1]s        case "NEW":
%[1]s            return "%[3]s created";
%[1]s        case "PAID":
%[1]s        case "SHIPPED":
%[1]s            return "%[3]s in progress";
%[1]s        case "CANCELLED":
%[1]s            return "%[3]s cancelled after " + Duration.ofHours(%[4]d);
%[1]s        default:
%[1]s            return "%[3]s " + status.toLowerCase();
%[1]s    }
%[1]s}
`, ind, name, lower(noun), between(r, 1, 72))
	case 5:
		fmt.Fprintf(b, `
%[1]spublic <T> T %[2]s(java.util.function.Supplier<T> call) throws InterruptedException {
%[1]s    RuntimeException last = null;
%[1]s    for (int attempt = 1; attempt <= %[3]d; attempt++) {
%[1]s        try {
%[1]s            return call.get();
%[1]s        } catch (RuntimeException e) {
%[1]s            last = e;
%[1]s            Thread.sleep(Duration.ofMillis(%[4]d).multipliedBy(attempt).toMillis());
%[1]s        }
%[1]s    }
%[1]s    throw new IllegalStateException("%[2]s failed after %[3]d attempts", last);
%[1]s}
`, ind, name, between(r, 2, 6), between(r, 50, 2000))
	default:
		fmt.Fprintf(b, `
%[1]spublic void %[2]s(Map<String, Object> fields) {
%[1]s    Objects.requireNonNull(fields, "fields");
%[1]s    if (!fields.containsKey("%[3]s")) {
%[1]s        throw new IllegalArgumentException("missing %[3]s in " + fields.keySet());
%[1]s    }
%[1]s    Object value = fields.get("%[3]s");
%[1]s    if (value instanceof String s && s.length() > %[4]d) {
%[1]s        throw new IllegalArgumentException("%[3]s longer than %[4]d characters");
%[1]s    }
%[1]s}
`, ind, name, pick(r, fields), between(r, 8, 255))
	}
}
