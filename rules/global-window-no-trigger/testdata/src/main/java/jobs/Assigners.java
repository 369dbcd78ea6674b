package jobs;

import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;

/** Window assigners shared by the jobs of this package. */
public final class Assigners {
    public static final GlobalWindows GLOBAL = GlobalWindows.create();

    private Assigners() {}

    public static WindowAssigner<Object, GlobalWindow> global() {
        return GlobalWindows.create();
    }
}
