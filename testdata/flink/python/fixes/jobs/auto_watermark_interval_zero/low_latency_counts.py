"""auto-watermark-interval-zero: clicks "page,epoch_millis" from a Kafka
topic, counted per page in 500 ms event-time windows. Meant to make
watermarks follow the clicks at once, the job sets the auto-watermark
interval to 0, which turns periodic emission off: its
for_bounded_out_of_orderness strategy then emits no watermark, and no window
fires while the job runs."""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow, LineTime, topic


def counts(env):
    env.get_config().set_auto_watermark_interval(0)
    kafka = topic()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)) \
        .with_timestamp_assigner(LineTime())
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(ws) \
        .key_by(lambda click: click.split(",")[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.milliseconds(500))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("low-latency-counts")
