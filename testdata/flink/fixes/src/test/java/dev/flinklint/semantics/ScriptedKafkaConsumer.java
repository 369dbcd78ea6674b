package dev.flinklint.semantics;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.streaming.api.operators.StreamingRuntimeContext;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumerBase;
import org.apache.flink.streaming.connectors.kafka.KafkaDeserializationSchema;
import org.apache.flink.streaming.connectors.kafka.config.OffsetCommitMode;
import org.apache.flink.streaming.connectors.kafka.internals.AbstractFetcher;
import org.apache.flink.streaming.connectors.kafka.internals.AbstractPartitionDiscoverer;
import org.apache.flink.streaming.connectors.kafka.internals.KafkaCommitCallback;
import org.apache.flink.streaming.connectors.kafka.internals.KafkaTopicPartition;
import org.apache.flink.streaming.connectors.kafka.internals.KafkaTopicPartitionState;
import org.apache.flink.streaming.connectors.kafka.internals.KafkaTopicsDescriptor;
import org.apache.flink.util.SerializedValue;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A legacy Kafka consumer (FlinkKafkaConsumerBase, the code FlinkKafkaConsumer runs: its
 * partition discovery, its fetcher's per-partition watermark generators) whose Kafka client
 * is replaced by a {@link ScriptedSource}'s script: each split is a partition of topic
 * "events", each emit a record of it, and a gate holds the fetch loop. It takes the
 * watermark strategy the job gave its own consumer, if any. In the package of
 * ScriptedSource, whose steps it reads.
 */
public final class ScriptedKafkaConsumer extends FlinkKafkaConsumerBase<Tuple2<String, Long>> {
    private final List<ScriptedSource.Step> script;

    @SuppressWarnings("unchecked")
    public ScriptedKafkaConsumer(ScriptedSource input, FlinkKafkaConsumerBase<?> jobs) throws Exception {
        super(List.of("events"), null, new Records(), PARTITION_DISCOVERY_DISABLED, false);
        this.script = input.script();
        java.lang.reflect.Field f = FlinkKafkaConsumerBase.class.getDeclaredField("watermarkStrategy");
        f.setAccessible(true);
        SerializedValue<WatermarkStrategy<Tuple2<String, Long>>> strategy =
                (SerializedValue<WatermarkStrategy<Tuple2<String, Long>>>) f.get(jobs);
        if (strategy != null) {
            assignTimestampsAndWatermarks(strategy.deserializeValue(getClass().getClassLoader()));
        }
    }

    @Override
    protected AbstractFetcher<Tuple2<String, Long>, ?> createFetcher(SourceContext<Tuple2<String, Long>> ctx,
            Map<KafkaTopicPartition, Long> partitions, SerializedValue<WatermarkStrategy<Tuple2<String, Long>>> strategy,
            StreamingRuntimeContext rc, OffsetCommitMode mode, MetricGroup metrics, boolean useMetrics) throws Exception {
        return new Fetcher(ctx, partitions, strategy, rc, script);
    }

    @Override
    protected AbstractPartitionDiscoverer createPartitionDiscoverer(KafkaTopicsDescriptor topics, int subtask, int subtasks) {
        List<KafkaTopicPartition> partitions = script.stream().filter(s -> s.kind.equals("split"))
                .map(s -> new KafkaTopicPartition("events", s.split.charAt(0) - 'a')).toList();
        return new AbstractPartitionDiscoverer(topics, subtask, subtasks) {
            protected void initializeConnections() {}
            protected void wakeupConnections() {}
            protected void closeConnections() {}
            protected List<String> getAllTopics() { return List.of("events"); }
            protected List<KafkaTopicPartition> getAllPartitionsForTopics(List<String> t) { return partitions; }
        };
    }

    @Override
    protected boolean getIsAutoCommitEnabled() {
        return false;
    }

    @Override
    protected Map<KafkaTopicPartition, Long> fetchOffsetsWithTimestamp(Collection<KafkaTopicPartition> p, long ts) {
        throw new UnsupportedOperationException();
    }

    /** Plays the script: split "a" is partition 0, "b" partition 1, ... */
    private static final class Fetcher extends AbstractFetcher<Tuple2<String, Long>, Object> {
        /**
         * Each record's Kafka timestamp (the broker's append time, an hour after the events):
         * without the strategy's assigner in the consumer, the windows would be an hour off.
         */
        static final long APPENDED = 3_600_000L;

        private final List<ScriptedSource.Step> script;

        Fetcher(SourceContext<Tuple2<String, Long>> ctx, Map<KafkaTopicPartition, Long> partitions,
                SerializedValue<WatermarkStrategy<Tuple2<String, Long>>> strategy, StreamingRuntimeContext rc,
                List<ScriptedSource.Step> script) throws Exception {
            super(ctx, partitions, strategy, rc.getProcessingTimeService(), rc.getExecutionConfig().getAutoWatermarkInterval(),
                    rc.getUserCodeClassLoader(), rc.getMetricGroup(), false);
            this.script = script;
        }

        @Override
        public void runFetchLoop() throws Exception {
            long offset = 0;
            for (ScriptedSource.Step s : script) {
                if (s.kind.equals("emit")) {
                    emitRecordsWithTimestamps(new ArrayDeque<>(List.of(Tuple2.of(s.split, s.ts))), partition(s.split), offset++, APPENDED);
                } else if (s.kind.equals("gate")) {
                    try {
                        ScriptedSource.gate(s.gate).get(s.timeoutMs, TimeUnit.MILLISECONDS);
                    } catch (TimeoutException e) {
                        // the gate's timeout passed: go on, as ScriptedSource does
                    }
                }
            }
        }

        private KafkaTopicPartitionState<Tuple2<String, Long>, Object> partition(String split) {
            int p = split.charAt(0) - 'a';
            return subscribedPartitionStates().stream().filter(st -> st.getPartition() == p).findFirst().orElseThrow();
        }

        @Override
        public void cancel() {}

        @Override
        protected void doCommitInternalOffsetsToKafka(Map<KafkaTopicPartition, Long> offsets, KafkaCommitCallback cb) {}

        @Override
        protected Object createKafkaPartitionHandle(KafkaTopicPartition partition) {
            return partition;
        }
    }

    /** Never called: the fetcher emits records, not Kafka's. */
    private static final class Records implements KafkaDeserializationSchema<Tuple2<String, Long>> {
        public boolean isEndOfStream(Tuple2<String, Long> next) { return false; }
        public Tuple2<String, Long> deserialize(ConsumerRecord<byte[], byte[]> record) { throw new UnsupportedOperationException(); }
        public TypeInformation<Tuple2<String, Long>> getProducedType() { return Types.TUPLE(Types.STRING, Types.LONG); }
    }
}
