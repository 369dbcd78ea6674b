package dev.flinklint.fixes;

import dev.flinklint.semantics.ScriptedKafkaConsumer;
import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumerBase;

import java.util.Map;
import java.util.function.Function;

/**
 * A local mini cluster (parallelism 1) on which the job's {@code fromSource} (or its legacy
 * Kafka consumer's {@code addSource}) reads a scripted source instead of its own: the job's
 * code, strategy and operators run as written, on input the test controls. The job builds its real source (a KafkaSource needs no broker to be
 * built), which is never opened. A job with several sources gets one scripted source for
 * each, by the name it gives fromSource.
 */
final class SwappedInput extends LocalStreamEnvironment {
    private final Function<String, Source<?, ?, ?>> input;

    SwappedInput(Source<?, ?, ?> input) {
        this(input, new Configuration());
    }

    SwappedInput(Source<?, ?, ?> input, Configuration conf) {
        this(name -> input, conf);
    }

    SwappedInput(Map<String, Source<?, ?, ?>> inputs) {
        this(inputs::get, new Configuration());
    }

    private SwappedInput(Function<String, Source<?, ?, ?>> input, Configuration conf) {
        super(Support.capturing(conf));
        setParallelism(1);
        this.input = input;
    }

    /**
     * A legacy Kafka consumer reads the scripted source's script instead of Kafka, through
     * the consumer's own code ({@link ScriptedKafkaConsumer}); other source functions run as
     * they are.
     */
    @Override
    @SuppressWarnings("unchecked")
    public <OUT> DataStreamSource<OUT> addSource(SourceFunction<OUT> function, String name, TypeInformation<OUT> type) {
        if (!(function instanceof FlinkKafkaConsumerBase<?> consumer) || !(input.apply(name) instanceof ScriptedSource script)) {
            return super.addSource(function, name, type);
        }
        try {
            return super.addSource((SourceFunction<OUT>) new ScriptedKafkaConsumer(script, consumer), name, type);
        } catch (Exception e) {
            throw new IllegalStateException("cannot swap the input of " + function, e);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <OUT> DataStreamSource<OUT> fromSource(
            Source<OUT, ?, ?> source, WatermarkStrategy<OUT> strategy, String name, TypeInformation<OUT> type) {
        return super.fromSource((Source<OUT, ?, ?>) input.apply(name), strategy, name, type);
    }
}
