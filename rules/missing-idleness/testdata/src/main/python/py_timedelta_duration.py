from datetime import timedelta as Duration

from pyflink.common import WatermarkStrategy

from py_kafka_jobs import PARSED, clicks_source, parse, windowed


def pipeline_other_duration(env):
    # Duration names datetime's timedelta here: no fix, which would need
    # PyFlink's Duration under another name.
    ws = WatermarkStrategy.for_monotonous_timestamps()  # want "on a KafkaSource that feeds"
    windowed(env.from_source(clicks_source(), ws, "clicks").map(parse, output_type=PARSED)).print()
    return Duration(seconds=1)
