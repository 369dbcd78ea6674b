from pyflink.common import WatermarkStrategy

from py_kafka_jobs import PARSED, ClickTime, clicks_source, parse, windowed


def pipeline_job_parallelism_one(env):
    # One source subtask feeds the assigner (trials: SABD_Project_2,
    # pyflink-basic-introduction): a quiet partition leaves no assigner
    # subtask without records, so nothing stalls.
    env.set_parallelism(1)
    ws = WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(ClickTime())
    parsed = env.from_source(clicks_source(), WatermarkStrategy.no_watermarks(), "clicks").map(parse, output_type=PARSED)
    windowed(parsed.assign_timestamps_and_watermarks(ws)).print()


def pipeline_source_parallelism_one(env):
    ws = WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(ClickTime())
    parsed = env.from_source(clicks_source(), WatermarkStrategy.no_watermarks(), "clicks") \
        .name("clicks").set_parallelism(1) \
        .map(parse, output_type=PARSED)
    windowed(parsed.assign_timestamps_and_watermarks(ws)).print()


def pipeline_operator_parallelism_one(env):
    # Only the map runs as one subtask: the source's subtasks may still
    # have no partition each.
    ws = WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(ClickTime())  # want "assigned to a stream read from a KafkaSource"
    parsed = env.from_source(clicks_source(), WatermarkStrategy.no_watermarks(), "clicks") \
        .map(parse, output_type=PARSED).set_parallelism(1)
    windowed(parsed.assign_timestamps_and_watermarks(ws)).print()
