"""A library's transformation that assigns its own strategy to the stream
it is given, called only by its test (trials: fairmoney
stateful_examples.py): no job of the project runs the window."""
from pyflink.common import Duration, Time, WatermarkStrategy
from pyflink.datastream.window import SlidingEventTimeWindows

from dropped import SecondField, add


def count_last_minute(actions):
    strategy = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(1)) \
        .with_timestamp_assigner(SecondField())
    return actions.assign_timestamps_and_watermarks(strategy) \
        .key_by(lambda e: e[0]) \
        .window(SlidingEventTimeWindows.of(Time.minutes(1), Time.seconds(10))) \
        .reduce(add)
