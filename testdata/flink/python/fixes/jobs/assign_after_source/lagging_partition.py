"""assign-after-source: clicks from a Kafka topic, CSV rows "page,..." whose
Kafka record time is the click time, counted per page in 1 s event-time
windows. The source emits without watermarks and the strategy is assigned
after it: one generator per subtask follows the most advanced partition it
reads, and the clicks of a partition that lags behind arrive late and are
dropped."""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow, rows


def counts(env):
    kafka = KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(rows()) \
        .build()
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(1))) \
        .key_by(lambda click: click[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("lagging-partition")
