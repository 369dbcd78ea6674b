val flinkVersion = "2.0.0"
libraryDependencies += "org.apache.flink" % "flink-streaming-java" % flinkVersion
