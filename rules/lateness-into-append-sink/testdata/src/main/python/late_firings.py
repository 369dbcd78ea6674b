"""Allowed lateness on event-time windows whose results reach an appending sink."""
from pyflink.common import Encoder, Types
from pyflink.common.serialization import SimpleStringSchema
from pyflink.datastream import OutputTag
from pyflink.datastream.connectors.file_system import FileSink
from pyflink.datastream.connectors.kafka import KafkaRecordSerializationSchema, KafkaSink
from pyflink.datastream.window import TumblingEventTimeWindows, TumblingProcessingTimeWindows
from pyflink.common.time import Time

LATENESS = 5 * 60 * 1000  # PyFlink's allowed_lateness takes milliseconds


def row():
    return Types.TUPLE([Types.STRING(), Types.LONG()])


def keyed(env):
    return env.from_collection([("a", 1), ("b", 2)], type_info=row()).key_by(lambda e: e[0])


def add(a, b):
    return a[0], a[1] + b[1]


def kafka():
    return KafkaSink.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_record_serializer(KafkaRecordSerializationSchema.builder()
                               .set_topic("counts")
                               .set_value_serialization_schema(SimpleStringSchema())
                               .build()) \
        .build()


def pipeline_into_kafka(env):
    (keyed(env)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))
        .allowed_lateness(LATENESS)  # want "(?s)^KafkaSink appends each late firing.*replace .allowed_lateness\\(LATENESS\\) with .side_output_late_data.* a TumblingEventTimeWindows window"
        .reduce(add)
        .map(lambda t: t[0] + "," + str(t[1]), output_type=Types.STRING())
        .sink_to(kafka()))


def pipeline_into_files(env):
    sums = (keyed(env)
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .allowed_lateness(time_ms=60_000)  # want "(?s)^FileSink appends each late firing.*replace .allowed_lateness\\(60_000\\) with .side_output_late_data"
            .reduce(add))
    lines = sums.map(lambda t: t[0], output_type=Types.STRING())
    lines.sink_to(FileSink.for_row_format("/tmp/out", Encoder.simple_string_encoder()).build())


def pipeline_printed(env):
    (keyed(env)
        .window(TumblingEventTimeWindows.of(Time.seconds(10)))
        .allowed_lateness(30_000)  # printed: the repeated lines are what a demo shows
        .reduce(add)
        .print())


# Look-alikes: no lateness, processing time, late data to a side output.

def pipeline_no_lateness(env):
    keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add).print()
    keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))).allowed_lateness(0).reduce(add).print()


def pipeline_processing_time(env):
    keyed(env).window(TumblingProcessingTimeWindows.of(Time.minutes(1))).allowed_lateness(LATENESS) \
        .reduce(add).print()


def pipeline_side_output(env):
    late = OutputTag("late", row())
    sums = keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))).side_output_late_data(late).reduce(add)
    sums.map(lambda t: t[0], output_type=Types.STRING()).sink_to(kafka())
    sums.get_side_output(late).print()
