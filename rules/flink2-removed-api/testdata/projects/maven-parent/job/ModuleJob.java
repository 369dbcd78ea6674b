package module;

import org.apache.flink.api.java.ExecutionEnvironment; // want "Flink 2.0 removed the DataSet API \\(pom.xml targets Flink 2.0.0\\)"

public class ModuleJob {
}
