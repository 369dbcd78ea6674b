"""lateness-into-append-sink: clicks "page,epoch_millis" from a Kafka topic,
counted per page in 1 s event-time windows that allow 10 s of lateness,
written to a Kafka topic. A late click fires its window again, and the topic
gets a second count for it beside the first: a total over the topic counts
the window twice."""
from pyflink.common import Duration, SimpleStringSchema, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.connectors.kafka import KafkaRecordSerializationSchema, KafkaSink
from pyflink.datastream.window import TumblingEventTimeWindows

from common import ClickTime, CountPerWindow, click, parse, topic

def counts(env):
    kafka = topic()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)).with_timestamp_assigner(ClickTime())
    clicks = env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .map(parse, output_type=click()) \
        .assign_timestamps_and_watermarks(ws)
    per_page = clicks.key_by(lambda click: click[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .allowed_lateness(10_000) \
        .process(CountPerWindow(), output_type=Types.STRING())
    return per_page


def page_counts():
    return KafkaSink.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_record_serializer(KafkaRecordSerializationSchema.builder()
                               .set_topic("page-counts")
                               .set_value_serialization_schema(SimpleStringSchema())
                               .build()) \
        .build()


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).sink_to(page_counts())
    env.execute("late-firings")
