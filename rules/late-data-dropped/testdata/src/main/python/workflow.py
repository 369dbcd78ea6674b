"""A job whose windows live in a function its main code and its tests share
(trials: building-pyflink-apps s18_aggregation.py and its test)."""
from pyflink.common import Time, WatermarkStrategy
from pyflink.datastream.window import TumblingEventTimeWindows

from dropped import SecondField, add, kafka, parse, row


def define_workflow(stream):
    return stream.key_by(lambda e: e[0]).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add)


def pipeline_main(env):
    # Ascending timestamps per split: nothing is late in the job itself.
    events = env.from_source(kafka(), WatermarkStrategy.for_monotonous_timestamps()
                             .with_timestamp_assigner(SecondField()), "events")
    define_workflow(events.map(parse, output_type=row())).print()
