package fixable;

import org.apache.flink.api.java.utils.ParameterTool; // want "Flink 2.0 moved ParameterTool to org.apache.flink.util .*\\nhelp: import org.apache.flink.util.ParameterTool\\nnote: org.apache.flink.api.java.utils.ParameterTool is gone in Flink 2.0"

public class Params {
    static String topic(String[] args) {
        return ParameterTool.fromArgs(args).get("topic", "events");
    }
}
