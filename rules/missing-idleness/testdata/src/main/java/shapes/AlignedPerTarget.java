package shapes;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/**
 * One strategy given to two sources, aligned on the way to one of them
 * only: the alignment is that source's alone. Here the aligned source is
 * bounded (its splits end), so only the Kafka source, not aligned, counts.
 */
public class AlignedPerTarget {
    // The Kafka source feeds only a sink: nothing waits for its watermark,
    // and it does not pause, as it is not aligned.
    void sinkOnly(StreamExecutionEnvironment env, KafkaSource<Long> kafka) {
        WatermarkStrategy<Long> ws = WatermarkStrategy.<Long>forMonotonousTimestamps();
        env.fromSource(new NumberSequenceSource(1, 1000), ws.withWatermarkAlignment("numbers", Duration.ofSeconds(20)), "numbers").print();
        env.fromSource(kafka, ws, "plain").print();
    }

    // An event-time window follows the Kafka source: it stalls, and
    // nothing pauses reading.
    void window(StreamExecutionEnvironment env, KafkaSource<Long> kafka) {
        WatermarkStrategy<Long> ws = WatermarkStrategy.<Long>forMonotonousTimestamps(); // want "on a KafkaSource that feeds event-time windows"
        env.fromSource(new NumberSequenceSource(1, 1000), ws.withWatermarkAlignment("numbers", Duration.ofSeconds(20)), "numbers").print();
        env.fromSource(kafka, ws, "plain")
            .keyBy(x -> x % 10)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce(Long::sum)
            .print();
    }
}
