"""The shapes of late_firings.py, reached through variables and helper functions."""
from pyflink.common import Encoder, Types
from pyflink.common.time import Time
from pyflink.datastream.connectors.file_system import FileSink
from pyflink.datastream.window import TumblingEventTimeWindows

from late_firings import add, kafka, keyed

LATE_MS = 2 * 60 * 1000


def sums(stream):
    return stream.window(TumblingEventTimeWindows.of(Time.minutes(1))).allowed_lateness(LATE_MS).reduce(add)  # want "(?s)^KafkaSink appends each late firing.*replace .allowed_lateness\\(LATE_MS\\) with .side_output_late_data"


def minutes(stream):
    return stream.window(TumblingEventTimeWindows.of(Time.minutes(1)))


def publish(lines):
    lines.sink_to(FileSink.for_row_format("/tmp/out", Encoder.simple_string_encoder()).build())


def pipeline_windowed_by_helper(env):
    lines = sums(keyed(env)).map(lambda t: t[0], output_type=Types.STRING())
    lines.sink_to(kafka())


def pipeline_sunk_by_helper(env):
    windows = minutes(keyed(env))
    windows.allowed_lateness(60_000)  # want "(?s)^FileSink appends each late firing.*replace .allowed_lateness\\(60_000\\) with .side_output_late_data"
    publish(windows.reduce(add).map(lambda t: t[0], output_type=Types.STRING()))


def pipeline_no_lateness(env):
    minutes(keyed(env)).reduce(add).map(lambda t: t[0], output_type=Types.STRING()).sink_to(kafka())
