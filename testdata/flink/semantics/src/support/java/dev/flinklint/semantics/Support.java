package dev.flinklint.semantics;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Shared helpers: local environments with a metric reporter, a collecting sink, generators. */
public final class Support {
    private Support() {}

    /** A local mini-cluster environment whose metrics {@link Capture} records. */
    public static StreamExecutionEnvironment env(int parallelism) {
        return env(parallelism, new Configuration());
    }

    public static StreamExecutionEnvironment env(int parallelism, Configuration conf) {
        return StreamExecutionEnvironment.createLocalEnvironment(parallelism, capturing(conf));
    }

    /** conf, with {@link Capture} as a metric reporter. */
    public static Configuration capturing(Configuration conf) {
        conf.setString("metrics.reporter.capture.factory.class", CaptureFactory.class.getName());
        return conf;
    }

    // ---- metrics ---------------------------------------------------------------------------

    /** Counters seen by the reporter, by job name and metric name. */
    static final Map<String, List<Counter>> COUNTERS = new ConcurrentHashMap<>();

    /** The sum over all subtasks of counter {@code name} in job {@code job}; -1 if never registered. */
    public static long counter(String job, String name) {
        List<Counter> cs = COUNTERS.get(job + "/" + name);
        if (cs == null) {
            return -1;
        }
        return cs.stream().mapToLong(Counter::getCount).sum();
    }

    public static final class CaptureFactory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new Capture();
        }
    }

    public static final class Capture implements MetricReporter {
        public void open(MetricConfig config) {}
        public void close() {}

        public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
            String job = group.getAllVariables().get("<job_name>");
            if (job != null && metric instanceof Counter) {
                COUNTERS.computeIfAbsent(job + "/" + name, k -> new CopyOnWriteArrayList<>()).add((Counter) metric);
            }
        }

        public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {}
    }

    // ---- results ---------------------------------------------------------------------------

    /** What a {@link Collect} sink received, in order, by sink name. */
    static final Map<String, List<Object>> RESULTS = new ConcurrentHashMap<>();
    /** For each received value: whether the script's source had already ended. */
    static final Map<String, List<Boolean>> AFTER_END = new ConcurrentHashMap<>();

    @SuppressWarnings("unchecked")
    public static <T> List<T> results(String sink) {
        return (List<T>) (List<?>) new ArrayList<>(RESULTS.getOrDefault(sink, Collections.emptyList()));
    }

    public static List<Boolean> afterEnd(String sink) {
        return new ArrayList<>(AFTER_END.getOrDefault(sink, Collections.emptyList()));
    }

    /**
     * Collects into {@link #RESULTS}; when given a script and a gate, records whether the
     * script's source had ended when each value arrived, then opens the gate.
     */
    public static final class Collect<T> implements SinkFunction<T> {
        private final String name;
        private final String scriptId;
        private final String gate;

        public Collect(String name) {
            this(name, null, null);
        }

        public Collect(String name, String scriptId, String gate) {
            this.name = name;
            this.scriptId = scriptId;
            this.gate = gate;
            RESULTS.put(name, new CopyOnWriteArrayList<>());
            AFTER_END.put(name, new CopyOnWriteArrayList<>());
        }

        @Override
        public void invoke(T value, Context ctx) {
            if (scriptId != null) {
                AFTER_END.get(name).add(ScriptedSource.ended(scriptId));
            }
            if (Boolean.getBoolean("sem.debug")) System.err.println(System.currentTimeMillis() % 100000 + " " + name + " " + value);
            RESULTS.get(name).add(value);
            if (gate != null) {
                ScriptedSource.open(gate);
            }
        }
    }

    // ---- watermarks and windows ------------------------------------------------------------

    /**
     * Takes each record's timestamp from f1 and emits a watermark at the largest timestamp
     * seen with every record: watermarks follow the data exactly, with no timing involved.
     */
    public static WatermarkStrategy<Tuple2<String, Long>> punctuated() {
        return WatermarkStrategy.<Tuple2<String, Long>>forGenerator(ctx -> new WatermarkGenerator<>() {
                    private long max = Long.MIN_VALUE;

                    @Override
                    public void onEvent(Tuple2<String, Long> e, long ts, WatermarkOutput out) {
                        if (ts > max) {
                            max = ts;
                            out.emitWatermark(new Watermark(max));
                        }
                    }

                    @Override
                    public void onPeriodicEmit(WatermarkOutput out) {}
                })
                .withTimestampAssigner((e, ts) -> e.f1);
    }

    /** Emits "key [start, end) count" for each window, start and end as instants. */
    public static final class CountPerWindow
            extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        @Override
        public void process(String key, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
            long n = 0;
            for (Tuple2<String, Long> ignored : in) {
                n++;
            }
            out.collect(key + " [" + Instant.ofEpochMilli(ctx.window().getStart()) + ", "
                    + Instant.ofEpochMilli(ctx.window().getEnd()) + ") " + n);
        }
    }

    @SafeVarargs
    public static List<Tuple2<String, Long>> events(Tuple2<String, Long>... es) {
        List<Tuple2<String, Long>> l = new ArrayList<>();
        Collections.addAll(l, es);
        return l;
    }

    public static Tuple2<String, Long> ev(String key, long ts) {
        return Tuple2.of(key, ts);
    }
}
