"""The shapes of py_bounds.py, reached through variables and helper functions."""
from pyflink.common import Duration, Time, WatermarkStrategy
from pyflink.datastream.window import TumblingEventTimeWindows

from py_bounds import PARSED, WINDOW, clicks_source, first, parse


def per_minute(stream):
    return stream.map(parse, output_type=PARSED) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(first)


def clicks(env):
    strategy = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_minutes(30))  # want "bound of 30 min exceeds the 1 min size of TumblingEventTimeWindows"
    return env.from_source(clicks_source(), strategy, "clicks")


def lenient():
    return WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_minutes(20))  # want "bound of 20 min exceeds the 1 min size of TumblingEventTimeWindows"


def pipeline_returned_then_windowed(env):
    clicks(env).map(parse, output_type=PARSED) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(WINDOW)) \
        .reduce(first)


def pipeline_passed_to_helper(env):
    per_minute(env.from_source(clicks_source(), lenient(), "clicks"))


def pipeline_small_bound(env):
    per_minute(env.from_source(clicks_source(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)), "clicks"))
