from pyflink.common import WatermarkStrategy

from py_kafka_jobs import PARSED, clicks_source, parse, windowed


def pipeline_monotonous(env):
    def local_helper():
        from pyflink.common import Types
        return Types.STRING()

    # The fix adds Duration to the module-level import from pyflink.common.
    ws = WatermarkStrategy.for_monotonous_timestamps()  # want "on a KafkaSource that feeds"
    windowed(env.from_source(clicks_source(), ws, "clicks").map(parse, output_type=PARSED)).print()
    return local_helper
