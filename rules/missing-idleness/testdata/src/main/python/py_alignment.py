from pyflink.common import Duration, SimpleStringSchema, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaOffsetsInitializer, KafkaSource


def orders_source():
    return KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics("orders") \
        .set_group_id("flinklint") \
        .set_starting_offsets(KafkaOffsetsInitializer.earliest()) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def pipeline_aligned_into_sink(env):
    strategy = WatermarkStrategy.for_monotonous_timestamps()  # want "on an aligned KafkaSource: a quiet split pauses"
    aligned = strategy.with_watermark_alignment("orders", Duration.of_seconds(20), Duration.of_seconds(1))
    env.from_source(orders_source(), aligned, "aligned").map(lambda s: s.strip()).print()


def pipeline_aligned_with_idleness(env):
    strategy = WatermarkStrategy.for_monotonous_timestamps() \
        .with_idleness(Duration.of_minutes(1)) \
        .with_watermark_alignment("orders", Duration.of_seconds(20))
    env.from_source(orders_source(), strategy, "idle").print()


def pipeline_not_aligned(env):
    env.from_source(orders_source(), WatermarkStrategy.for_monotonous_timestamps(), "plain").print()
