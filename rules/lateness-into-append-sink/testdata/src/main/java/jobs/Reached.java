package jobs;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

import java.time.Duration;

/** The shapes of LateFirings, reached through variables and helper methods. */
public class Reached {
    void windowedByAHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        sums(keyed).map(t -> t.f0 + "," + t.f1).sinkTo(LateFirings.kafka());
    }

    static DataStream<Tuple2<String, Long>> sums(KeyedStream<Tuple2<String, Long>, String> keyed) {
        return keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5)) // want "(?s)^KafkaSink appends each late firing.*replace .*Duration.ofMinutes\\(5\\)\\) with.* a TumblingEventTimeWindows window"
            .reduce(LateFirings.SUM);
    }

    void sunkByAHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        DataStream<Tuple2<String, Long>> sums = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(2)) // want "(?s)^KafkaSink appends each late firing.*replace .*Duration.ofMinutes\\(2\\)\\) with"
            .reduce(LateFirings.SUM);
        publish(sums.map(t -> t.f0));
    }

    static void publish(DataStream<String> lines) {
        lines.sinkTo(LateFirings.kafka());
    }

    void latenessSetAsAStatement(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> windows = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)));
        windows.allowedLateness(Duration.ofMinutes(3)); // want "(?s)^KafkaSink appends each late firing.*replace .*Duration.ofMinutes\\(3\\)\\) with"
        KafkaSink<String> sink = LateFirings.kafka();
        windows.reduce(LateFirings.SUM).map(t -> t.f0).sinkTo(sink);
    }

    void latenessFromAHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(lateness()) // want "(?s)^KafkaSink appends each late firing.*replace .*lateness\\(\\)\\) with"
            .reduce(LateFirings.SUM)
            .map(t -> t.f0)
            .sinkTo(LateFirings.kafka());
    }

    static Duration lateness() {
        return Duration.ofMinutes(10);
    }

    void windowFromAHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        minutes(keyed)
            .allowedLateness(Duration.ofMinutes(4)) // want "(?s)^FlinkKafkaProducer appends each late firing.*replace .*Duration.ofMinutes\\(4\\)\\) with"
            .reduce(LateFirings.SUM)
            .map(t -> t.f0)
            .addSink(Sinks.legacy());
        minutes(keyed)
            .allowedLateness(Duration.ofMinutes(6)) // want "(?s)^FlinkKafkaProducer appends each late firing.*replace .*Duration.ofMinutes\\(6\\)\\) with"
            .reduce(LateFirings.SUM)
            .map(t -> t.f0)
            .addSink(Sinks.legacy());
    }

    static WindowedStream<Tuple2<String, Long>, String, TimeWindow> minutes(KeyedStream<Tuple2<String, Long>, String> keyed) {
        return keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)));
    }

    void sunkByAnotherClass(KeyedStream<Tuple2<String, Long>, String> keyed) {
        DataStream<String> lines = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(7)) // want "(?s)^KafkaSink appends each late firing.*replace .*Duration.ofMinutes\\(7\\)\\) with"
            .reduce(LateFirings.SUM)
            .map(t -> t.f0);
        Sinks.write(lines);
    }

    // Look-alikes: the helper prints; the helper's window has no lateness.

    void printedByAHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        show(keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).allowedLateness(Duration.ofMinutes(5)).reduce(LateFirings.SUM));
    }

    static void show(DataStream<Tuple2<String, Long>> s) {
        s.print();
    }

    void noLatenessInTheHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        onTime(keyed).map(t -> t.f0).sinkTo(LateFirings.kafka());
        minutes(keyed).reduce(LateFirings.SUM).map(t -> t.f0).sinkTo(LateFirings.kafka());
    }

    static DataStream<Tuple2<String, Long>> onTime(KeyedStream<Tuple2<String, Long>, String> keyed) {
        return keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(LateFirings.SUM);
    }
}
