package removed;

import org.apache.flink.api.common.serialization.SimpleStringEncoder;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.sink.filesystem.StreamingFileSink;

public class FileSinkJob {
    static void build(DataStream<String> in) {
        in.addSink(StreamingFileSink.forRowFormat(new Path("/tmp/out"), new SimpleStringEncoder<String>()).build()); // want "addSink takes only" "StreamingFileSink of org.apache.flink.streaming.api.functions.sink.filesystem is removed in Flink 2.0.*FileSink"
    }

    static StreamingFileSink<String> sink() {
        return null;
    }
}
