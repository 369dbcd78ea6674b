package fixable;

import org.apache.flink.api.java.utils.ParameterTool; // want "org.apache.flink.api.java.utils.ParameterTool is gone in Flink 2.0 .*moved to org.apache.flink.util.ParameterTool"

public class Params {
    static String topic(String[] args) {
        return ParameterTool.fromArgs(args).get("topic", "events");
    }
}
