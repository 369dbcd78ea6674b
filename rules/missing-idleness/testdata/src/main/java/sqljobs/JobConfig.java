package sqljobs;

import org.apache.flink.table.api.TableEnvironment;

class JobConfig {
    // Applies to the environment each caller passes.
    static void idleness(TableEnvironment tEnv) {
        tEnv.getConfig().set("table.exec.source.idle-timeout", "1 min");
    }
}
