"""The fix's shapes in Python: it imports Duration, and leaves a Python assigner alone."""
from pyflink.common import SimpleStringSchema, Time, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows


def kafka(topic):
    return KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics(topic) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


class FirstField(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[1])


def pipeline_imported(env):
    (env.from_source(kafka("clicks"), WatermarkStrategy.no_watermarks(), "clicks")
        .key_by(lambda s: s)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))  # want "never fire"
        .reduce(lambda a, b: a + b))


def pipeline_python_assigner(env):
    strategy = WatermarkStrategy.no_watermarks().with_timestamp_assigner(FirstField())
    (env.from_source(kafka("views"), WatermarkStrategy.no_watermarks().with_timestamp_assigner(FirstField()), "views")
        .key_by(lambda s: s)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))  # want "never fire"
        .reduce(lambda a, b: a + b))
    return strategy
