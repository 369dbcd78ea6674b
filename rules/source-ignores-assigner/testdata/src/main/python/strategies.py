from pyflink.common import Duration, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner


class EventTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[0])


# A strategy shared by the jobs of this project, with a Python assigner.
EVENT_TIME = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
    .with_timestamp_assigner(EventTime()) \
    .with_idleness(Duration.of_minutes(1))

# One that keeps the records' own timestamps.
RECORD_TIME = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
    .with_idleness(Duration.of_minutes(1))
