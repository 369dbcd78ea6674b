package jobs;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.serialization.SimpleStringEncoder;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.connector.jdbc.JdbcConnectionOptions;
import org.apache.flink.connector.jdbc.JdbcSink;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

import java.time.Duration;

public class LateFirings {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
    static final Duration LATENESS = Duration.ofMinutes(5);
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late") {};

    static KafkaSink<String> kafka() {
        return KafkaSink.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setRecordSerializer(KafkaRecordSerializationSchema.builder()
                .setTopic("counts").setValueSerializationSchema(new SimpleStringSchema()).build())
            .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
            .build();
    }

    void intoKafka(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5)) // want "(?s)^KafkaSink appends each late firing.*replace .*Duration.ofMinutes\\(5\\)\\) with.* a TumblingEventTimeWindows window"
            .reduce(SUM)
            .map(t -> t.f0 + "," + t.f1)
            .sinkTo(kafka());
    }

    void intoFilesThroughVariables(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(SlidingEventTimeWindows.of(Duration.ofMinutes(10), Duration.ofMinutes(1)))
            .allowedLateness(LATENESS) // want "(?s)^FileSink appends each late firing.*replace .*LATENESS\\) with.* a SlidingEventTimeWindows window"
            .reduce(SUM);
        DataStream<String> lines = sums.filter(t -> t.f1 > 0).map(t -> t.f0 + "," + t.f1);
        FileSink<String> files = FileSink.forRowFormat(new Path("/out"), new SimpleStringEncoder<String>()).build();
        lines.sinkTo(files);
    }

    void intoJdbcInsert(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofSeconds(30)) // want "^JdbcSink with a plain INSERT appends each late firing"
            .reduce(SUM)
            .addSink(JdbcSink.sink(
                "INSERT INTO counts (k, n) VALUES (?, ?)",
                (ps, t) -> { ps.setString(1, t.f0); ps.setLong(2, t.f1); },
                new JdbcConnectionOptions.JdbcConnectionOptionsBuilder().withUrl("jdbc:postgresql://db/x").build()));
    }

    void unionedThenPrinted(KeyedStream<Tuple2<String, Long>, String> keyed, DataStream<Tuple2<String, Long>> other) {
        DataStream<Tuple2<String, Long>> sums = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Time.seconds(60)) // printed: the repeated lines are what a demo shows
            .reduce(SUM);
        other.union(sums).print();
    }

    void unionedIntoKafka(KeyedStream<Tuple2<String, Long>, String> keyed, DataStream<Tuple2<String, Long>> other) {
        DataStream<Tuple2<String, Long>> sums = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Time.minutes(2)) // want "(?s)^KafkaSink appends each late firing.*replace .*Time.minutes\\(2\\)\\) with"
            .reduce(SUM);
        other.union(sums).map(t -> t.f0).sinkTo(kafka());
    }

    void customTrigger(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofHours(1)))
            .trigger(ContinuousEventTimeTrigger.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5)) // want "(?s)^KafkaSink appends each late firing.*custom trigger set on this window decides"
            .reduce(SUM)
            .map(t -> t.f0)
            .sinkTo(kafka());
    }

    // Look-alikes.

    void upsertingJdbc(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5))
            .reduce(SUM)
            .addSink(JdbcSink.sink(
                "INSERT INTO counts (k, n) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET n = EXCLUDED.n",
                (ps, t) -> { ps.setString(1, t.f0); ps.setLong(2, t.f1); },
                new JdbcConnectionOptions.JdbcConnectionOptionsBuilder().withUrl("jdbc:postgresql://db/x").build()));
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5))
            .reduce(SUM)
            .addSink(JdbcSink.sink(
                "INSERT INTO counts (k, n) VALUES (?, ?) ON DUPLICATE KEY UPDATE n = VALUES(n)",
                (ps, t) -> { ps.setString(1, t.f0); ps.setLong(2, t.f1); },
                new JdbcConnectionOptions.JdbcConnectionOptionsBuilder().withUrl("jdbc:mysql://db/x").build()));
    }

    void dedupDownstream(KeyedStream<Tuple2<String, Long>, String> keyed) {
        // a keyed process function downstream keeps the latest result per key and window
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5))
            .reduce(SUM)
            .keyBy(t -> t.f0)
            .process(new KeyedProcessFunction<String, Tuple2<String, Long>, String>() {
                @Override
                public void processElement(Tuple2<String, Long> t, Context ctx, Collector<String> out) {
                    out.collect(t.f0);
                }
            })
            .sinkTo(kafka());
    }

    void noOrZeroLateness(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM).print();
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).allowedLateness(Duration.ZERO).reduce(SUM).print();
    }

    void lateDataToASideOutput(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE)
            .reduce(SUM);
        sums.map(t -> t.f0).sinkTo(kafka());
        sums.getSideOutput(LATE).print();
    }

    void processingTimeWindow(KeyedStream<Tuple2<String, Long>, String> keyed) {
        // ineffective-lateness reports this one: nothing is late in processing time
        keyed.window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5))
            .reduce(SUM)
            .print();
    }

    void sinkOfTheProject(KeyedStream<Tuple2<String, Long>, String> keyed) {
        // what this sink does with a repeated result is its own code's business
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5))
            .reduce(SUM)
            .addSink(new SinkFunction<Tuple2<String, Long>>() {
                @Override
                public void invoke(Tuple2<String, Long> value, Context context) {
                }
            });
    }

    void collectedInATest(KeyedStream<Tuple2<String, Long>, String> keyed) throws Exception {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5))
            .reduce(SUM)
            .executeAndCollect();
    }
}
