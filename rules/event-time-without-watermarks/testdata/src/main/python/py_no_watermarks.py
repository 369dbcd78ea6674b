from pyflink.common import Duration, SimpleStringSchema, Time, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows, TumblingProcessingTimeWindows


def kafka():
    return KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def pipeline_no_watermarks(env):
    ds = env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "clicks")
    windowed = ds.key_by(lambda s: s).window(TumblingEventTimeWindows.of(Time.minutes(1)))  # want "^event-time windows never fire: no watermarks from KafkaSource\\n"
    windowed.reduce(lambda a, b: a + b)


def pipeline_collection(env):
    keyed = env.from_collection(["a", "b"]).key_by(lambda s: s)
    keyed.window(TumblingEventTimeWindows.of(Time.seconds(10))).reduce(lambda a, b: a + b)  # want "^event-time window on records without timestamps \\(from_collection\\)\\n"


def pipeline_processing_time(env):
    env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "clicks") \
        .key_by(lambda s: s) \
        .window(TumblingProcessingTimeWindows.of(Time.minutes(1))) \
        .reduce(lambda a, b: a + b)


def pipeline_with_strategy(env):
    strategy = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
        .with_idleness(Duration.of_minutes(1))
    env.from_source(kafka(), strategy, "clicks") \
        .key_by(lambda s: s) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(lambda a, b: a + b)
