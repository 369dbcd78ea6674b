package jobs;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.util.OutputTag;

import java.time.Duration;

public class Dropped {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late") {};

    static KafkaSource<String> unbounded() {
        return KafkaSource.<String>builder().setBootstrapServers("kafka:9092").setTopics("events")
            .setValueOnlyDeserializer(new SimpleStringSchema()).build();
    }

    static KafkaSource<String> bounded() {
        return KafkaSource.<String>builder().setBootstrapServers("kafka:9092").setTopics("events")
            .setBounded(OffsetsInitializer.latest())
            .setValueOnlyDeserializer(new SimpleStringSchema()).build();
    }

    static final MapFunction<String, Tuple2<String, Long>> PARSE =
        l -> Tuple2.of(l.split(",")[0], Long.parseLong(l.split(",")[1]));
    static final TypeInformation<Tuple2<String, Long>> TYPE = Types.TUPLE(Types.STRING, Types.LONG);

    static DataStream<Tuple2<String, Long>> parse(DataStream<String> lines) {
        return lines.map(PARSE, TYPE);
    }

    void outOfOrderKafka(StreamExecutionEnvironment env) {
        DataStream<String> lines = env.fromSource(unbounded(),
            WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "events");
        parse(lines).keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "^TumblingEventTimeWindows window drops late elements without a trace\nhelp: before .reduce\\(...\\), keep late elements with .allowedLateness\\(...\\),.* or route them to .sideOutputLateData\\(tag\\).*\nnote: .*numLateRecordsDropped metric"
            .reduce(SUM)
            .print();
    }

    void windowAllOnAnAssignedStream(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> events = parse(env.fromSource(unbounded(), WatermarkStrategy.noWatermarks(), "events"))
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((t, ts) -> t.f1));
        events.windowAll(SlidingEventTimeWindows.of(Duration.ofMinutes(10), Duration.ofMinutes(1))).sum(1).print(); // want "^SlidingEventTimeWindows window"
    }

    void monotonousAfterKafka(StreamExecutionEnvironment env) {
        // partitions interleave in one assigner: ascending per partition is not ascending here
        parse(env.fromSource(unbounded(), WatermarkStrategy.noWatermarks(), "events"))
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps()
                .withTimestampAssigner((t, ts) -> t.f1))
            .keyBy(t -> t.f0)
            .window(EventTimeSessionWindows.withGap(Duration.ofMinutes(5))) // want "EventTimeSessionWindows window"
            .sum(1);
    }

    DataStream<Tuple2<String, Long>> helper(DataStream<Tuple2<String, Long>> in) {
        // a helper that a job calls with an endless, out-of-order stream: late elements are possible
        return in.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM); // want "drops late elements"
    }

    void callsTheHelper(StreamExecutionEnvironment env) {
        helper(parse(env.fromSource(unbounded(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "events"))).print();
    }

    DataStream<Tuple2<String, Long>> nothingCalls(DataStream<Tuple2<String, Long>> in) {
        // Look-alike: a helper nothing in the project calls. No job runs the window; its callers,
        // if any, are elsewhere and decide what it reads and how late.
        return in.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM);
    }

    // Look-alikes.

    void lateDataKept(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> events = env.fromSource(unbounded(),
            WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "events").map(PARSE, TYPE);
        events.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(1)).reduce(SUM).print();
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = events.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE).reduce(SUM);
        sums.getSideOutput(LATE).print();
        // an explicit lateness of zero says dropping is intended
        events.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ZERO).reduce(SUM).print();
    }

    void monotonousPerSplit(StreamExecutionEnvironment env) {
        // on fromSource the strategy runs per partition: ascending partitions make no late element
        env.fromSource(unbounded(), WatermarkStrategy.<String>forMonotonousTimestamps(), "events").map(PARSE, TYPE)
            .keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM).print();
    }

    void boundedInput(StreamExecutionEnvironment env) {
        env.fromSource(bounded(), WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "events").map(PARSE, TYPE)
            .keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM).print();
        env.fromData(Tuple2.of("a", 1L), Tuple2.of("b", 2L))
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((t, ts) -> t.f1))
            .keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM).print();
    }

    void batchMode(Source<String, ?, ?> files) {
        // BATCH refuses unbounded sources, so this one ends, whatever it is
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.fromSource(files, WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "events").map(PARSE, TYPE)
            .keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM).print();
    }

    void otherTimeAndNoWatermarks(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> events = env.fromSource(unbounded(),
            WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)), "events").map(PARSE, TYPE);
        events.keyBy(t -> t.f0).window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM).print();
        events.keyBy(t -> t.f0).window(GlobalWindows.create()).trigger(CountTrigger.of(10)).reduce(SUM).print();
        // no watermark before the input ends: nothing is late (event-time-without-watermarks is about this one)
        env.fromSource(unbounded(), WatermarkStrategy.<String>noWatermarks(), "events").map(PARSE, TYPE)
            .keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM).print();
    }

    void noOperatorBuilt(DataStream<Tuple2<String, Long>> in) {
        in.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)));
    }
}
