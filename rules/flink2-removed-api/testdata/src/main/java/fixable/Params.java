package fixable;

import org.apache.flink.api.java.utils.ParameterTool; // want "ParameterTool moved to org.apache.flink.util \\(pom.xml targets Flink 2.0.0\\).*\\nhelp: import org.apache.flink.util.ParameterTool\\nnote: org.apache.flink.api.java.utils.ParameterTool is gone in Flink 2.0"

public class Params {
    static String topic(String[] args) {
        return ParameterTool.fromArgs(args).get("topic", "events");
    }
}
