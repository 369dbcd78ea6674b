import logging
import os

from pyflink.common.watermark_strategy import WatermarkStrategy
from pyflink.datastream import StreamExecutionEnvironment

from py_kafka_jobs import PARSED, clicks_source, parse, windowed

# isort's and ruff's sections (the standard library, third party, first
# party), each sorted: the file imports nothing from pyflink.common, so the
# fix's import of Duration is a line of its own, at its sorted place in the
# third-party section.
LOG = logging.getLogger(os.path.basename(__file__))


def pipeline_sections(env: StreamExecutionEnvironment):
    ws = WatermarkStrategy.for_monotonous_timestamps()  # want "on a KafkaSource that feeds"
    windowed(env.from_source(clicks_source(), ws, "clicks").map(parse, output_type=PARSED)).print()
