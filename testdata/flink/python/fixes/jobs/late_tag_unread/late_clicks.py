"""late-tag-unread: clicks "page,epoch_millis" from a Kafka topic, counted
per page in 1 s event-time windows. Late clicks are sent to a side output
that nothing reads, so they are lost, and numLateRecordsDropped, which would
have counted them, stays at 0."""
from pyflink.common import SimpleStringSchema, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import OutputTag, StreamExecutionEnvironment
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow

def click():
    """A new type each time: PyFlink 1.20 cannot pickle an OutputTag whose
    composite type has already been used ("cannot pickle '_thread.RLock'")."""
    return Types.TUPLE([Types.STRING(), Types.LONG()])


def parse(line):
    page, millis = line.split(",")
    return page, int(millis)


class ClickTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value[1]


def clicks(env):
    kafka = KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .map(parse, output_type=click()) \
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_monotonous_timestamps()
                                          .with_timestamp_assigner(ClickTime()))


def counts(env):
    late_clicks = OutputTag("late-clicks", click())
    per_page = clicks(env).key_by(lambda click: click[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .side_output_late_data(late_clicks) \
        .process(CountPerWindow(), output_type=Types.STRING())
    return per_page


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("late-clicks")
