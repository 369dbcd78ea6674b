from pyflink.common import Duration, SimpleStringSchema, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaOffsetsInitializer, KafkaSource

WS = WatermarkStrategy \
    .for_bounded_out_of_orderness(Duration.of_seconds(5)) \
    .with_idleness(Duration.of_minutes(1))

NONE = WatermarkStrategy.no_watermarks()


def kafka_source(topic):
    return KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics(topic) \
        .set_starting_offsets(KafkaOffsetsInitializer.latest()) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def raw_clicks(env):
    return env.from_source(kafka_source("clicks"), WatermarkStrategy.no_watermarks(), "clicks")


def pipeline_helpers(env):
    raw_clicks(env).print()


def clicks_and_env(env):
    # A factory that returns the stream with its environment (trials: SABD_Project_2).
    stream = raw_clicks(env).filter(lambda s: len(s) > 0)
    return stream, env
