"""The only caller of library.py's transformation: a test."""
from pyflink.common import WatermarkStrategy

from dropped import kafka
from library import count_last_minute


def pipeline_test_library(env):
    count_last_minute(env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "actions")).print()
