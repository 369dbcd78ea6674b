from pyflink.common import Duration, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner


class ClickTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value[1]


# Imported by py_kafka_jobs.py, which gives it to a KafkaSource.
CLICK_STRATEGY = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))  # want "on a KafkaSource that feeds"

IDLE_CLICK_STRATEGY = WatermarkStrategy \
    .for_bounded_out_of_orderness(Duration.of_seconds(5)) \
    .with_idleness(Duration.of_minutes(1))


def order_strategy():
    return (WatermarkStrategy.for_monotonous_timestamps()  # want "on a KafkaSource that feeds"
            .with_timestamp_assigner(ClickTime()))


def pipeline_module_strategies(env):
    env.from_collection([("a", 1)]).assign_timestamps_and_watermarks(IDLE_CLICK_STRATEGY.with_timestamp_assigner(ClickTime()))
