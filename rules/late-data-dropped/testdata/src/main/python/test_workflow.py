"""A test of workflow.py feeding it out-of-order data of its own: the
test's data says nothing about the job's lateness."""
from pyflink.common import Duration, WatermarkStrategy

from dropped import SecondField, kafka, parse, row
from workflow import define_workflow


def pipeline_test_workflow(env):
    events = env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "events") \
        .map(parse, output_type=row()) \
        .assign_timestamps_and_watermarks(
            WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
            .with_timestamp_assigner(SecondField()))
    define_workflow(events).print()
