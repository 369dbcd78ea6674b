"""Event-time windows that drop late elements without a trace."""
from pyflink.common import Duration, Time, Types, WatermarkStrategy
from pyflink.common.serialization import SimpleStringSchema
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import OutputTag, RuntimeExecutionMode
from pyflink.datastream.connectors.kafka import KafkaOffsetsInitializer, KafkaSource
from pyflink.datastream.window import SlidingEventTimeWindows, TumblingEventTimeWindows


class SecondField(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value[1]


def row():
    return Types.TUPLE([Types.STRING(), Types.LONG()])


def kafka():
    return KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("events") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def bounded_kafka():
    return KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("events") \
        .set_bounded(KafkaOffsetsInitializer.latest()) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def add(a, b):
    return a[0], a[1] + b[1]


def parse(line):
    return line.split(",")[0], int(line.split(",")[1])


def pipeline_out_of_order_kafka(env):
    events = env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "events") \
        .map(parse, output_type=row()) \
        .assign_timestamps_and_watermarks(
            WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
            .with_timestamp_assigner(SecondField()))
    (events.key_by(lambda e: e[0])
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))  # want "^TumblingEventTimeWindows window drops late elements without a trace\nhelp: before .reduce\\(...\\), keep late elements with .allowed_lateness\\(...\\),.* .side_output_late_data\\(tag\\) and sink get_side_output\\(tag\\)"
        .reduce(add)
        .print())
    events.key_by(lambda e: e[0]) \
        .window(SlidingEventTimeWindows.of(Time.minutes(10), Time.minutes(1))).reduce(add).print()  # want "SlidingEventTimeWindows window"


# Look-alikes.

def pipeline_late_data_kept(env):
    events = env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "events") \
        .map(parse, output_type=row()) \
        .assign_timestamps_and_watermarks(
            WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
            .with_timestamp_assigner(SecondField()))
    events.key_by(lambda e: e[0]).window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .allowed_lateness(60_000).reduce(add).print()
    late = OutputTag("late", row())
    sums = events.key_by(lambda e: e[0]).window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(late).reduce(add)
    sums.get_side_output(late).print()


def pipeline_monotonous_per_split(env):
    env.from_source(kafka(), WatermarkStrategy.for_monotonous_timestamps(), "events") \
        .map(parse, output_type=row()) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(add) \
        .print()


def pipeline_batch(env):
    # BATCH refuses unbounded sources (IllegalStateException while the job is built)
    env.set_runtime_mode(RuntimeExecutionMode.BATCH)
    env.from_source(bounded_kafka(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)), "events") \
        .map(parse, output_type=row()) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(add) \
        .print()


def pipeline_bounded(env):
    env.from_collection([("a", 1000), ("b", 2000)], type_info=row()) \
        .assign_timestamps_and_watermarks(
            WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
            .with_timestamp_assigner(SecondField())) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(add) \
        .print()


def pipeline_window_of_window_results(env):
    # The second window reads the first one's results: each is emitted when
    # the watermark passes its window's end, before the watermark moves on,
    # so none is late there (trials: SABD_Project_2 Query_2 and Query_3).
    events = env.from_source(kafka(), WatermarkStrategy.no_watermarks(), "events") \
        .map(parse, output_type=row()) \
        .assign_timestamps_and_watermarks(
            WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
            .with_timestamp_assigner(SecondField()))
    per_key = events.key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add)  # want "TumblingEventTimeWindows window"
    per_key.map(lambda e: ("all", e[1]), output_type=row()) \
        .window_all(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add).print()
    # Late firings of a window with allowed lateness are late downstream.
    kept = events.key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))).allowed_lateness(60000).reduce(add)
    kept.window_all(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add).print()  # want "TumblingEventTimeWindows window"
