from pyflink.common import Duration, SimpleStringSchema, Time, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows


# The project's kafka-python producer sets each record's timestamp to the
# event's time (timestamp_ms), on a topic given as a keyword argument: every
# Kafka source of the project may read such records, and the rule is silent.
def publish(producer, event):
    producer.send(topic="replayed", value=event, timestamp_ms=event["ts"])


def pipeline_replayed(env):
    source = KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics("replayed") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()
    (env.from_source(source, WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)), "replayed")
        .key_by(lambda s: s)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))
        .reduce(lambda a, b: a)
        .print())
