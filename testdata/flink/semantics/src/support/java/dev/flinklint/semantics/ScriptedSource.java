package dev.flinklint.semantics;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A FLIP-27 source whose single reader (parallelism 1) plays a script. Records are
 * {@code (split, timestamp)} pairs, emitted through {@link ReaderOutput#createOutputForSplit},
 * so that a strategy given to {@code fromSource} runs one watermark generator per split, as
 * it does for the partitions of a Kafka source. The source is unbounded: it stays open
 * until its script ends. A {@link Step#gate} holds it open until a sink opens the gate
 * (typically: a window fired) or a timeout passes; the script records whether the gate
 * was opened before the timeout, and the time at which the source ended.
 */
public final class ScriptedSource
        implements Source<Tuple2<String, Long>, ScriptedSource.NoSplit, Integer> {

    /** Gates by name: opened by sinks in the same JVM (the mini cluster runs in-process). */
    private static final Map<String, CompletableFuture<Void>> GATES = new ConcurrentHashMap<>();
    /** Scripts that reached their end, by id: the source then ends. */
    private static final Map<String, Boolean> ENDED = new ConcurrentHashMap<>();

    public static CompletableFuture<Void> gate(String name) {
        return GATES.computeIfAbsent(name, k -> new CompletableFuture<>());
    }

    public static void open(String gateName) {
        gate(gateName).complete(null);
    }

    public static boolean ended(String scriptId) {
        return ENDED.containsKey(scriptId);
    }

    /** One step of a script. */
    public static final class Step implements Serializable {
        final String kind; // "split", "emit", "gate", "emitUntilGate"
        final String split;
        final long ts;
        final long stepTs;
        final long everyMs;
        final String gate;
        final long timeoutMs;

        private Step(String kind, String split, long ts, long stepTs, long everyMs, String gate, long timeoutMs) {
            this.kind = kind;
            this.split = split;
            this.ts = ts;
            this.stepTs = stepTs;
            this.everyMs = everyMs;
            this.gate = gate;
            this.timeoutMs = timeoutMs;
        }

        /** Opens the output of a split (its watermark generator exists from now on). */
        public static Step split(String split) {
            return new Step("split", split, 0, 0, 0, null, 0);
        }

        /** Emits one record {@code (split, ts)} with timestamp {@code ts} on the split's output. */
        public static Step emit(String split, long ts) {
            return new Step("emit", split, ts, 0, 0, null, 0);
        }

        /** Holds the source open until the gate opens or {@code timeoutMs} pass. */
        public static Step gate(String gate, long timeoutMs) {
            return new Step("gate", null, 0, 0, 0, gate, timeoutMs);
        }

        /**
         * Emits a record on {@code split} every {@code everyMs} ms, timestamps from {@code ts} up
         * by {@code stepTs}, until the gate opens or {@code timeoutMs} pass: a partition that
         * keeps receiving events.
         */
        public static Step emitUntilGate(String split, long ts, long stepTs, long everyMs, String gate, long timeoutMs) {
            return new Step("emitUntilGate", split, ts, stepTs, everyMs, gate, timeoutMs);
        }
    }

    private final String id;
    private final List<Step> script;

    public ScriptedSource(String id, List<Step> script) {
        this.id = id;
        this.script = new ArrayList<>(script);
    }

    /** The script, for a source of another API that plays it (the fixes' legacy Kafka consumer). */
    List<Step> script() {
        return script;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SourceReader<Tuple2<String, Long>, NoSplit> createReader(SourceReaderContext ctx) {
        return new Reader(id, script);
    }

    @Override
    public SplitEnumerator<NoSplit, Integer> createEnumerator(SplitEnumeratorContext<NoSplit> ctx) {
        return new NoEnumerator();
    }

    @Override
    public SplitEnumerator<NoSplit, Integer> restoreEnumerator(SplitEnumeratorContext<NoSplit> ctx, Integer chk) {
        return new NoEnumerator();
    }

    @Override
    public SimpleVersionedSerializer<NoSplit> getSplitSerializer() {
        return new SimpleVersionedSerializer<>() {
            public int getVersion() { return 1; }
            public byte[] serialize(NoSplit s) { return new byte[0]; }
            public NoSplit deserialize(int v, byte[] b) { return new NoSplit(); }
        };
    }

    @Override
    public SimpleVersionedSerializer<Integer> getEnumeratorCheckpointSerializer() {
        return new SimpleVersionedSerializer<>() {
            public int getVersion() { return 1; }
            public byte[] serialize(Integer s) { return new byte[0]; }
            public Integer deserialize(int v, byte[] b) { return 0; }
        };
    }

    /** The enumerator assigns nothing: the reader's "splits" are named in its script. */
    public static final class NoSplit implements SourceSplit {
        public String splitId() { return "none"; }
    }

    private static final class NoEnumerator implements SplitEnumerator<NoSplit, Integer> {
        public void start() {}
        public void handleSplitRequest(int subtaskId, String host) {}
        public void addSplitsBack(List<NoSplit> splits, int subtaskId) {}
        public void addReader(int subtaskId) {}
        public Integer snapshotState(long checkpointId) { return 0; }
        public void close() {}
    }

    private static final class Reader implements SourceReader<Tuple2<String, Long>, NoSplit> {
        private final String id;
        private final List<Step> script;
        private int pc;
        private long repeatTs = Long.MIN_VALUE;
        private long deadline = -1;
        private CompletableFuture<Void> available = CompletableFuture.completedFuture(null);

        Reader(String id, List<Step> script) {
            this.id = id;
            this.script = script;
        }

        @Override
        public void start() {}

        @Override
        public InputStatus pollNext(ReaderOutput<Tuple2<String, Long>> out) {
            while (pc < script.size()) {
                Step s = script.get(pc);
                switch (s.kind) {
                    case "split":
                        out.createOutputForSplit(s.split);
                        pc++;
                        break;
                    case "emit":
                        out.createOutputForSplit(s.split).collect(Tuple2.of(s.split, s.ts), s.ts);
                        pc++;
                        return InputStatus.MORE_AVAILABLE;
                    case "gate": {
                        CompletableFuture<Void> g = gate(s.gate);
                        if (g.isDone()) {
                            pc++;
                            break;
                        }
                        if (deadline < 0) {
                            deadline = System.currentTimeMillis() + s.timeoutMs;
                        }
                        long left = deadline - System.currentTimeMillis();
                        if (left <= 0) {
                            deadline = -1;
                            pc++;
                            break;
                        }
                        available = g.applyToEither(delay(left), x -> null);
                        return InputStatus.NOTHING_AVAILABLE;
                    }
                    case "emitUntilGate": {
                        if (deadline < 0) {
                            deadline = System.currentTimeMillis() + s.timeoutMs;
                            repeatTs = s.ts;
                        }
                        if (gate(s.gate).isDone() || System.currentTimeMillis() >= deadline) {
                            deadline = -1;
                            pc++;
                            break;
                        }
                        out.createOutputForSplit(s.split).collect(Tuple2.of(s.split, repeatTs), repeatTs);
                        repeatTs += s.stepTs;
                        available = gate(s.gate).applyToEither(delay(s.everyMs), x -> null);
                        return InputStatus.NOTHING_AVAILABLE;
                    }
                    default:
                        throw new IllegalStateException(s.kind);
                }
            }
            if (Boolean.getBoolean("sem.debug")) System.err.println(System.currentTimeMillis() % 100000 + " end " + id);
            ENDED.put(id, true);
            return InputStatus.END_OF_INPUT;
        }

        private static CompletableFuture<Void> delay(long ms) {
            return CompletableFuture.runAsync(() -> {}, CompletableFuture.delayedExecutor(ms, TimeUnit.MILLISECONDS));
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return available;
        }

        @Override
        public List<NoSplit> snapshotState(long checkpointId) {
            return Collections.emptyList();
        }

        @Override
        public void addSplits(List<NoSplit> splits) {}

        @Override
        public void notifyNoMoreSplits() {}

        @Override
        public void close() {}
    }
}
