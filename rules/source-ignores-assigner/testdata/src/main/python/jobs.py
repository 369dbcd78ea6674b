from pyflink.common import Duration, SimpleStringSchema, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaSource

from strategies import EVENT_TIME, RECORD_TIME, EventTime


def kafka_source():
    return KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def pipeline_inline(env):
    env.from_source(kafka_source(),  # want "^the Python timestamp assigner never runs: from_source drops it\\nhelp: pass WatermarkStrategy.no_watermarks\\(\\) to from_source"
                    WatermarkStrategy.for_monotonous_timestamps()
                    .with_timestamp_assigner(EventTime()), "clicks").print()


def pipeline_variable(env):
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)).with_timestamp_assigner(EventTime())
    env.from_source(kafka_source(), ws, "clicks").print()  # want "never runs: from_source drops it\\n.*\\nnote: PyFlink's from_source hands the source only the Java part"


def pipeline_imported(env):
    clicks = env.from_source(kafka_source(), EVENT_TIME, "clicks")  # want "never runs"
    clicks.print()


def pipeline_keywords(env):
    env.from_source(source_name="clicks", watermark_strategy=EVENT_TIME, source=kafka_source()).print()  # want "never runs"


def read_clicks(env, ws):
    return env.from_source(kafka_source(), ws, "clicks")  # want "never runs"


def pipeline_through_parameter(env):
    # The strategy reaches from_source through a helper's parameter
    # (trials: pyflink-fraud-detection-streaming).
    read_clicks(env, EVENT_TIME).print()


def pipeline_look_alikes(env):
    # The records' own timestamps, on purpose: nothing is dropped.
    env.from_source(kafka_source(), RECORD_TIME, "a").print()
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "b").print()
    # The assigner runs where PyFlink runs Python assigners.
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "c") \
        .assign_timestamps_and_watermarks(EVENT_TIME) \
        .print()
