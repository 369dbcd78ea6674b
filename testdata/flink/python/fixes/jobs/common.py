"""What the broken jobs share and no fix touches (prove.sh copies and fixes
only a rule's directory, jobs/<rule>/): their Kafka topic, how they read a
click, and what their windows emit."""
from pyflink.common import SimpleStringSchema, Types, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.formats.csv import CsvRowDeserializationSchema
from pyflink.datastream.functions import ProcessWindowFunction


class CountPerWindow(ProcessWindowFunction):
    """"key [start, end) count" for each window, start and end in epoch ms."""

    def process(self, key, context, elements):
        yield "%s [%d, %d) %d" % (key, context.window().start, context.window().end, len(list(elements)))


def topic(deserializer=None):
    """The jobs' Kafka topic "clicks" (never opened: the proofs swap the
    source), its values as text unless another deserializer is given. A
    rule that must see the KafkaSource itself builds it in its job: prove.sh
    runs flinklint on the rule's directory alone."""
    return KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(deserializer or SimpleStringSchema()) \
        .build()


def rows():
    """CSV rows "page,...", whose Kafka record time is the click time."""
    return CsvRowDeserializationSchema.Builder(Types.ROW_NAMED(["page"], [Types.STRING()])).build()


def click():
    """(page, epoch_millis): a new type each time, as PyFlink 1.20 cannot
    pickle an OutputTag whose composite type was already used ("cannot
    pickle '_thread.RLock'")."""
    return Types.TUPLE([Types.STRING(), Types.LONG()])


def parse(line):
    page, millis = line.split(",")
    return page, int(millis)


class LineTime(TimestampAssigner):
    """The click time of a line "page,epoch_millis"."""

    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[1])


class ClickTime(TimestampAssigner):
    """The click time of a parsed click."""

    def extract_timestamp(self, value, record_timestamp):
        return value[1]


def clicks(env):
    """The topic's clicks, parsed, with the click time as event time."""
    return env.from_source(topic(), WatermarkStrategy.no_watermarks(), "clicks") \
        .map(parse, output_type=click()) \
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_monotonous_timestamps()
                                          .with_timestamp_assigner(ClickTime()))
