"""event-time-without-watermarks: clicks from a Kafka topic, CSV rows
"page,..." whose Kafka record time is the click time, counted per page in
1 s event-time windows. The source is read with no_watermarks(): event time
never advances, and no window fires while the job runs."""
from pyflink.common import Types, WatermarkStrategy
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
        .key_by(lambda click: click[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("click-counts")
