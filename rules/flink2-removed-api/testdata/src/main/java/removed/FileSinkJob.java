package removed;

import org.apache.flink.api.common.serialization.SimpleStringEncoder;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.functions.sink.filesystem.StreamingFileSink;

public class FileSinkJob {
    static void build(DataStream<String> in) {
        in.addSink(StreamingFileSink.forRowFormat(new Path("/tmp/out"), new SimpleStringEncoder<String>()).build()); // want "addSink takes only a legacy SinkFunction" "Flink 2.0 removed StreamingFileSink .*\\nhelp: use FileSink .*\\nnote: .* of org.apache.flink.streaming.api.functions.sink.filesystem$"
    }

    static StreamingFileSink<String> sink() {
        return null;
    }
}
