"""Names assigned again whose every value is a collection: both inputs of the
union end, and a finished input holds no watermark back."""
from pyflink.common import WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner


class Second(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value[1]


def pipeline_reassigned(env):
    ds1 = env.from_collection([("a", 1), ("b", 2)])
    ds2 = env.from_collection([("b", 2), ("c", 3)])
    ds1 = ds1.assign_timestamps_and_watermarks(
        WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(Second()))
    ds2 = ds2.assign_timestamps_and_watermarks(
        WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(Second()))
    ds1.union(ds2).print()
