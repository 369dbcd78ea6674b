"""auto-watermark-interval-zero: clicks "page,epoch_millis" from a Kafka
topic, counted per page in 500 ms event-time windows. Meant to make
watermarks follow the clicks at once, the job sets the auto-watermark
interval to 0, which turns periodic emission off: its
for_bounded_out_of_orderness strategy then emits no watermark, and no window
fires while the job runs."""
from pyflink.common import Duration, SimpleStringSchema, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow


class ClickTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[1])


def counts(env):
    env.get_config().set_auto_watermark_interval(0)
    kafka = KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)) \
        .with_timestamp_assigner(ClickTime())
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(ws) \
        .key_by(lambda click: click.split(",")[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.milliseconds(500))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("low-latency-counts")
