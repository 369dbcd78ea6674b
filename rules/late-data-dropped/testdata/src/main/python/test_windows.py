"""A test module: its jobs run on data the test controls, so late-data-dropped stays silent."""
from pyflink.common import Duration, Time, WatermarkStrategy
from pyflink.datastream.window import TumblingEventTimeWindows

from dropped import add, kafka, parse, row


def pipeline_window_in_a_test(env):
    env.from_source(kafka(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)), "events") \
        .map(parse, output_type=row()) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(add) \
        .print()
