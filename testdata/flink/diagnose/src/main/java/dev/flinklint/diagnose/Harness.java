package dev.flinklint.diagnose;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Starts a Flink MiniCluster with its REST endpoint on a free port, submits
 * one job per mode (DIAGNOSE_MODES, comma-separated; default all), writes
 * {"rest": URL, "flink": version, "jobs": {mode: job id}} to DIAGNOSE_OUT
 * once every job runs, and runs until the file DIAGNOSE_STOP exists or
 * DIAGNOSE_LIFETIME seconds (default 900) pass. Flink's own metric settings
 * are left at their defaults: the metric store refreshes every 10 s, as on
 * a real cluster.
 */
public final class Harness {
    private Harness() {}

    /** A job that starts itself on an environment. */
    interface Mode {
        JobClient start(StreamExecutionEnvironment env) throws Exception;
    }

    private static final Map<String, Mode> MODES = new LinkedHashMap<>();

    static {
        MODES.put("idle-split", IdleSplitJob::start);
        MODES.put("no-split", NoSplitJob::start);
        MODES.put("seconds", SecondsJob::start);
        MODES.put("lag", LagJob::start);
        MODES.put("late-dropped", LateDroppedJob::start);
        MODES.put("late-tag-unread", LateTagUnreadJob::start);
        MODES.put("backpressure", BackpressureJob::start);
        MODES.put("idle-split-fixed", IdleSplitFixedJob::start);
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(required("DIAGNOSE_OUT"));
        Path stop = Path.of(required("DIAGNOSE_STOP"));
        long lifetime = Long.parseLong(System.getenv().getOrDefault("DIAGNOSE_LIFETIME", "900"));
        String modes = System.getenv().getOrDefault("DIAGNOSE_MODES", String.join(",", MODES.keySet()));

        Configuration conf = new Configuration();
        conf.set(RestOptions.ADDRESS, "127.0.0.1");
        conf.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        conf.set(RestOptions.BIND_PORT, "0");
        conf.set(CoreOptions.CHECK_LEAKED_CLASSLOADER, false);
        MiniClusterConfiguration cfg = new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(2 * MODES.size())
                .build();
        try (MiniCluster cluster = new MiniCluster(cfg)) {
            cluster.start();
            URI rest = cluster.getRestAddress().get();
            Map<String, JobClient> jobs = new LinkedHashMap<>();
            for (String mode : modes.split(",")) {
                Mode m = MODES.get(mode.trim());
                if (m == null) {
                    throw new IllegalArgumentException("unknown mode " + mode + "; the modes are " + MODES.keySet());
                }
                StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment(rest.getHost(), rest.getPort());
                jobs.put(mode.trim(), m.start(env));
            }
            for (JobClient c : jobs.values()) {
                while (c.getJobStatus().get() != JobStatus.RUNNING) {
                    Thread.sleep(100);
                }
            }
            write(out, rest, jobs);
            long deadline = System.currentTimeMillis() + lifetime * 1000;
            while (!Files.exists(stop) && System.currentTimeMillis() < deadline) {
                Thread.sleep(500);
            }
        }
        System.exit(0);
    }

    private static String required(String name) {
        String v = System.getenv(name);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("set " + name);
        }
        return v;
    }

    /** Writes the cluster's address and job ids to out, atomically. */
    private static void write(Path out, URI rest, Map<String, JobClient> jobs) throws Exception {
        StringJoiner ids = new StringJoiner(",", "{", "}");
        for (Map.Entry<String, JobClient> e : jobs.entrySet()) {
            ids.add("\"" + e.getKey() + "\":\"" + e.getValue().getJobID() + "\"");
        }
        String json = "{\"rest\":\"http://" + rest.getHost() + ":" + rest.getPort() + "\",\"flink\":\"1.20.3\",\"jobs\":" + ids + "}\n";
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
        Files.writeString(tmp, json, StandardCharsets.UTF_8);
        Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
