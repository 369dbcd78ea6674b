from pyflink.common import Duration, SimpleStringSchema, Time, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream.connectors.kafka import FlinkKafkaConsumer, KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows, TumblingProcessingTimeWindows


class EventTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[0])


# The project's producer lets Kafka stamp "clicks" (timestamp_ms=None): the
# record timestamps are send times, and the rule reports the jobs below.
def publish(producer, line):
    producer.send("clicks", value=line, timestamp_ms=None)


def clicks():
    return KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def pipeline_violations(env):
    # The strategy keeps the record timestamps of the KafkaSource.
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
    (env.from_source(clicks(), ws, "clicks")  # want "^event time is the Kafka record's timestamp: no with_timestamp_assigner\\n"
        .key_by(lambda s: s)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))
        .reduce(lambda a, b: a)
        .print())

    # The legacy consumer emits each record with its Kafka timestamp; the
    # strategy assigned on its stream keeps it (PyFlink's consumer has no
    # assign_timestamps_and_watermarks of its own).
    consumer = FlinkKafkaConsumer("views", SimpleStringSchema(), {"bootstrap.servers": "localhost:9092", "group.id": "views"})
    (env.add_source(consumer)
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_monotonous_timestamps())  # want "^event time is the Kafka record's timestamp: no with_timestamp_assigner\\n"
        .key_by(lambda s: s)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))
        .reduce(lambda a, b: a)
        .print())


def pipeline_look_alikes(env):
    # The event's own time, assigned after the source (from_source would ignore it).
    env.from_source(clicks(), WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(
            WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(EventTime())) \
        .key_by(lambda s: s) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(lambda a, b: a) \
        .print()

    # Processing time only.
    env.from_source(clicks(), WatermarkStrategy.for_monotonous_timestamps(), "clicks") \
        .key_by(lambda s: s) \
        .window(TumblingProcessingTimeWindows.of(Time.minutes(1))) \
        .reduce(lambda a, b: a) \
        .print()
