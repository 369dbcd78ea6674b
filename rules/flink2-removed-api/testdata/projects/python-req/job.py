from pyflink.datastream import StreamExecutionEnvironment


def legacy(env):  # a definition only: add_source needs a Java SourceFunction
    env.add_source(None)  # want "add_source takes only a legacy SourceFunction in Flink 2.x \\(requirements.txt targets Flink 2.0.0\\)"
