"""seconds-timestamp: clicks "page,epoch_millis" from a Kafka topic, counted
per page and event-time minute. Both assigners return epoch seconds, which
Flink reads as milliseconds: every click lands in January 1970."""
import time

from pyflink.common import Duration, SimpleStringSchema, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow


class ClickSecond(TimestampAssigner):
    """The click's time, in seconds (the unsafe fix: its milliseconds)."""

    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[1]) // 1000


class ArrivalSecond(TimestampAssigner):
    """When the click is read, in seconds (the safe fix: in milliseconds)."""

    def extract_timestamp(self, value, record_timestamp):
        return int(time.time())


def counts(env, assigner):
    kafka = KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)).with_timestamp_assigner(assigner)
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(ws) \
        .key_by(lambda click: click.split(",")[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env, ClickSecond()).print()
    env.execute("clicks-per-minute")
