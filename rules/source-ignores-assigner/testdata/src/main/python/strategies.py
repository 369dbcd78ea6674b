from pyflink.common import Duration, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner


class EventTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[0])


# A strategy shared by the jobs of this project, with a Python assigner.
EVENT_TIME = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
    .with_idleness(Duration.of_minutes(1)) \
    .with_timestamp_assigner(EventTime())

# One that keeps the records' own timestamps.
RECORD_TIME = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
    .with_idleness(Duration.of_minutes(1))

# with_idleness after the assigner returns a strategy without it (trials: a
# traffic pipeline's Kafka strategy).
IDLE_AFTER_ASSIGNER = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
    .with_timestamp_assigner(EventTime()) \
    .with_idleness(Duration.of_minutes(1))  # want "^the Python timestamp assigner never runs: with_idleness drops it\\nhelp: call with_idleness before with_timestamp_assigner"
