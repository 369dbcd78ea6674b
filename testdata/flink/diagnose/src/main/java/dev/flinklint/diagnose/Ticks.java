package dev.flinklint.diagnose;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * An unbounded source of {@link Tick}s on a schedule, like a partitioned
 * topic with a backlog: split s emits its n-th record at start + n * period,
 * with that time as its event time, and catches up when it falls behind.
 * Split i goes to subtask i % parallelism, so a source with fewer splits
 * than subtasks leaves subtasks without one. A split may go quiet after a
 * number of records, and every lateEvery-th record may be lateBy old.
 */
public final class Ticks implements Source<Tick, Ticks.Split, Integer> {
    private final int splits;
    private final long periodMs;
    private final long quietAfter; // records of split 1 before it goes quiet; < 0: never
    private final int lateEvery; // 0: none late
    private final long lateByMs;

    private Ticks(int splits, long periodMs, long quietAfter, int lateEvery, long lateByMs) {
        this.splits = splits;
        this.periodMs = periodMs;
        this.quietAfter = quietAfter;
        this.lateEvery = lateEvery;
        this.lateByMs = lateByMs;
    }

    /** Splits that each emit one record every periodMs, for ever. */
    public static Ticks steady(int splits, long periodMs) {
        return new Ticks(splits, periodMs, -1, 0, 0);
    }

    /** Returns these ticks with split 1 quiet after n records. */
    public Ticks quietAfter(long n) {
        return new Ticks(splits, periodMs, n, lateEvery, lateByMs);
    }

    /** Returns these ticks with every n-th record's event time late by ms. */
    public Ticks late(int n, long ms) {
        return new Ticks(splits, periodMs, quietAfter, n, ms);
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SplitEnumerator<Split, Integer> createEnumerator(SplitEnumeratorContext<Split> ctx) {
        return new Enumerator(ctx, splits);
    }

    @Override
    public SplitEnumerator<Split, Integer> restoreEnumerator(SplitEnumeratorContext<Split> ctx, Integer checkpoint) {
        return new Enumerator(ctx, splits);
    }

    @Override
    public SourceReader<Tick, Split> createReader(SourceReaderContext ctx) {
        return new Reader(this);
    }

    @Override
    public SimpleVersionedSerializer<Split> getSplitSerializer() {
        return new SplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<Integer> getEnumeratorCheckpointSerializer() {
        return new CountSerializer();
    }

    /** A split: its number, and how many records it has emitted. */
    public record Split(int id, long emitted) implements SourceSplit {
        @Override
        public String splitId() {
            return Integer.toString(id);
        }
    }

    private static final class Enumerator implements SplitEnumerator<Split, Integer> {
        private final SplitEnumeratorContext<Split> ctx;
        private final int splits;

        Enumerator(SplitEnumeratorContext<Split> ctx, int splits) {
            this.ctx = ctx;
            this.splits = splits;
        }

        @Override
        public void start() {}

        @Override
        public void handleSplitRequest(int subtask, String host) {}

        @Override
        public void addSplitsBack(List<Split> back, int subtask) {}

        @Override
        public void addReader(int subtask) {
            // No signalNoMoreSplits: a subtask without a split stays
            // running, as a Kafka reader with no partition does.
            for (int i = subtask; i < splits; i += ctx.currentParallelism()) {
                ctx.assignSplit(new Split(i, 0), subtask);
            }
        }

        @Override
        public Integer snapshotState(long checkpointId) {
            return splits;
        }

        @Override
        public void close() {}
    }

    private static final class Reader implements SourceReader<Tick, Split> {
        private final Ticks t;
        private final List<Split> splits = new ArrayList<>();
        private final long start = System.currentTimeMillis();

        Reader(Ticks t) {
            this.t = t;
        }

        @Override
        public void start() {}

        @Override
        public InputStatus pollNext(ReaderOutput<Tick> out) {
            long now = System.currentTimeMillis();
            for (int i = 0; i < splits.size(); i++) {
                Split s = splits.get(i);
                long due = start + s.emitted() * t.periodMs;
                boolean quiet = s.id() == 1 && t.quietAfter >= 0 && s.emitted() >= t.quietAfter;
                if (quiet || due > now) {
                    continue;
                }
                long millis = t.lateEvery > 0 && s.emitted() % t.lateEvery == t.lateEvery - 1 ? due - t.lateByMs : due;
                out.collect(new Tick(s.id(), s.emitted(), millis));
                splits.set(i, new Split(s.id(), s.emitted() + 1));
                return InputStatus.MORE_AVAILABLE;
            }
            return InputStatus.NOTHING_AVAILABLE;
        }

        @Override
        public List<Split> snapshotState(long checkpointId) {
            return new ArrayList<>(splits);
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return CompletableFuture.runAsync(() -> {}, CompletableFuture.delayedExecutor(Math.min(t.periodMs, 100), TimeUnit.MILLISECONDS));
        }

        @Override
        public void addSplits(List<Split> added) {
            splits.addAll(added);
        }

        @Override
        public void notifyNoMoreSplits() {}

        @Override
        public void close() {}
    }

    private static final class SplitSerializer implements SimpleVersionedSerializer<Split> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(Split s) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(b)) {
                out.writeInt(s.id());
                out.writeLong(s.emitted());
            }
            return b.toByteArray();
        }

        @Override
        public Split deserialize(int version, byte[] bytes) throws IOException {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
                return new Split(in.readInt(), in.readLong());
            }
        }
    }

    private static final class CountSerializer implements SimpleVersionedSerializer<Integer> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(Integer n) {
            return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) (int) n};
        }

        @Override
        public Integer deserialize(int version, byte[] b) {
            return ((b[0] & 0xff) << 24) | ((b[1] & 0xff) << 16) | ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        }
    }
}
