"""source-ignores-assigner: clicks "page,epoch_millis" from a Kafka topic,
counted per page in 1 s event-time windows. The strategy's Python assigner
reads the click time, but from_source hands the source only the Java part of
the strategy: the assigner never runs, and the records keep the source's own
timestamps (Kafka's record time; none from a file)."""
from pyflink.common import Duration, SimpleStringSchema, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow


class ClickTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[1])


def counts(env):
    kafka = KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics("clicks") \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(1)).with_timestamp_assigner(ClickTime())
    return env.from_source(kafka, ws, "clicks") \
        .key_by(lambda click: click.split(",")[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("clicks")
