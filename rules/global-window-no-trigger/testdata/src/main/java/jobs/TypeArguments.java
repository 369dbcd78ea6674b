package jobs;

import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;

// Type arguments between the dot and the window: the prefilter must pass
// the file.
class TypeArguments {
    void explicit(KeyedStream<Long, Long> keyed) {
        keyed.<GlobalWindow>window(GlobalWindows.create()).sum(0); // want "never fires"
    }
}
