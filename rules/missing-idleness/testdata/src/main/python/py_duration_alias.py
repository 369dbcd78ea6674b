from pyflink.common import Duration as D, WatermarkStrategy

from py_kafka_jobs import PARSED, clicks_source, parse, windowed


def pipeline_aliased_duration(env):
    # The fix names Duration by the alias the file imports it under.
    ws = WatermarkStrategy.for_bounded_out_of_orderness(D.of_seconds(5))  # want "on a KafkaSource that feeds"
    windowed(env.from_source(clicks_source(), ws, "clicks").map(parse, output_type=PARSED)).print()
