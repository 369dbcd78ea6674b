from pyflink.common import (
    Types,
    WatermarkStrategy,
)

from py_kafka_jobs import clicks_source, parse, windowed

# A parenthesized import from pyflink.common, one name per line as ruff
# writes it: the fix adds Duration to it, on its own line, at its sorted
# place.


def pipeline_parenthesized(env):
    ws = WatermarkStrategy.for_monotonous_timestamps()  # want "on a KafkaSource that feeds"
    parsed = env.from_source(clicks_source(), ws, "clicks").map(parse, output_type=Types.TUPLE([Types.STRING(), Types.LONG()]))
    windowed(parsed).print()
