package module;

import org.apache.flink.api.java.ExecutionEnvironment; // want "the DataSet API .* \\(the project targets Flink 2.0.0, per pom.xml\\)"

public class ModuleJob {
}
