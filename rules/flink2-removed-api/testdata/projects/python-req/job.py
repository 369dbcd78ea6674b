from pyflink.datastream import StreamExecutionEnvironment


def legacy(env):  # a definition only: add_source needs a Java SourceFunction
    env.add_source(None)  # want "add_source takes only the deprecated legacy SourceFunction/SinkFunction in Flink 2.x \\(the project targets Flink 2.0.0, per requirements.txt\\)"
