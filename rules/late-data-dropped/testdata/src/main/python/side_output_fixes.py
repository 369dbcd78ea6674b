"""late-data-dropped's fix in Python: OutputTag needs no type (its records are pickled)."""
from pyflink.common import Duration, Time, WatermarkStrategy
from pyflink.datastream.window import TumblingEventTimeWindows

from dropped import SecondField, add, kafka, parse, row


def events_of(env):
    return env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "events") \
        .map(parse, output_type=row()) \
        .assign_timestamps_and_watermarks(
            WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
            .with_timestamp_assigner(SecondField()))


def pipeline_variable(env):
    sums = events_of(env).key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add)  # want "drops late elements without a trace"
    sums.print()


def pipeline_parentheses(env):
    sums = (events_of(env)
            .key_by(lambda e: e[0])
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))  # want "drops late elements without a trace"
            .reduce(add)
            .name("sums"))
    sums.print()


def pipeline_chained(env):
    # The chain goes on: no variable to read. No fix.
    events_of(env).key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add).print()  # want "drops late elements without a trace"


def pipeline_conditional(env):
    # The statement shares its line with the if: a read on the next line would run without it. No fix.
    on = env is not None
    if on: sums = events_of(env).key_by(lambda e: e[0]).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add)  # want "drops late elements without a trace"
    sums.print()
