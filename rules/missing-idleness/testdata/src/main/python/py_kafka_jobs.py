from pyflink.common import Duration, SimpleStringSchema, Time, Types, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaOffsetsInitializer, KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows, TumblingProcessingTimeWindows

from idle_strategies import CLICK_STRATEGY, IDLE_CLICK_STRATEGY, ClickTime, order_strategy


def clicks_source():
    return KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics("clicks") \
        .set_group_id("flinklint") \
        .set_starting_offsets(KafkaOffsetsInitializer.earliest()) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def parse(line):
    user, ts = line.split(",")
    return user, int(ts)


PARSED = Types.TUPLE([Types.STRING(), Types.LONG()])


def windowed(stream):
    return stream \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.seconds(10))) \
        .reduce(lambda a, b: (a[0], max(a[1], b[1])))


def pipeline_bounded_out_of_orderness(env):
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))  # want "on a KafkaSource that feeds"
    clicks = env.from_source(clicks_source(), ws, "clicks")
    clicks.map(parse, output_type=PARSED) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.seconds(10))) \
        .reduce(lambda a, b: (a[0], max(a[1], b[1]))) \
        .print()


def pipeline_keyword_arguments(env):
    kafka = clicks_source()
    clicks = env.from_source(
        source=kafka,
        watermark_strategy=WatermarkStrategy.for_monotonous_timestamps(),  # want "on a KafkaSource that feeds"
        source_name="clicks")
    windowed(clicks.map(parse, output_type=PARSED)).print()


def pipeline_imported_strategy(env):
    windowed(env.from_source(clicks_source(), CLICK_STRATEGY, "clicks").map(parse, output_type=PARSED)).print()


def pipeline_helper_strategy(env):
    windowed(env.from_source(clicks_source(), order_strategy(), "orders").map(parse, output_type=PARSED)).print()


def pipeline_assigned_after_source(env):
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)).with_timestamp_assigner(ClickTime())  # want "assigned to a stream read from a KafkaSource"
    parsed = env.from_source(clicks_source(), WatermarkStrategy.no_watermarks(), "clicks") \
        .map(parse, output_type=PARSED)
    windowed(parsed.assign_timestamps_and_watermarks(ws)).print()


def pipeline_with_idleness(env):
    ws = (WatermarkStrategy
          .for_bounded_out_of_orderness(Duration.of_seconds(5))
          .with_idleness(Duration.of_minutes(1)))
    windowed(env.from_source(clicks_source(), ws, "clicks").map(parse, output_type=PARSED)).print()
    windowed(env.from_source(clicks_source(), IDLE_CLICK_STRATEGY, "clicks").map(parse, output_type=PARSED)).print()


def pipeline_idleness_added_later(env):
    ws = WatermarkStrategy.for_monotonous_timestamps()
    idle = ws.with_idleness(Duration.of_seconds(30))
    windowed(env.from_source(clicks_source(), idle, "clicks").map(parse, output_type=PARSED)).print()


def pipeline_bounded_kafka(env):
    bounded = KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics("clicks") \
        .set_bounded(KafkaOffsetsInitializer.latest()) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()
    ws = WatermarkStrategy.for_monotonous_timestamps()
    windowed(env.from_source(bounded, ws, "replay").map(parse, output_type=PARSED)).print()


def pipeline_no_event_time(env):
    # Only processing-time and count windows downstream: no watermark is waited for.
    ws = WatermarkStrategy.for_monotonous_timestamps()
    clicks = env.from_source(clicks_source(), ws, "clicks").map(parse, output_type=PARSED)
    clicks.key_by(lambda e: e[0]) \
        .window(TumblingProcessingTimeWindows.of(Time.seconds(10))) \
        .reduce(lambda a, b: a) \
        .print()
    clicks.key_by(lambda e: e[0]).count_window(5).reduce(lambda a, b: a).print()


def pipeline_only_printed(env):
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
    env.from_source(clicks_source(), ws, "clicks").print()


def pipeline_collection(env):
    ws = WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(ClickTime())
    windowed(env.from_collection([("a", 1)], type_info=PARSED).assign_timestamps_and_watermarks(ws)).print()
    # env.from_source(clicks_source(), WatermarkStrategy.for_monotonous_timestamps(), "clicks")
    doc = "WatermarkStrategy.for_monotonous_timestamps() on a KafkaSource needs with_idleness"
    return doc
