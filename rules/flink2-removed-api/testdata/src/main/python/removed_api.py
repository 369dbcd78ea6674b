from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.serialization import SimpleStringSchema
from pyflink.datastream import StreamExecutionEnvironment, TimeCharacteristic
from pyflink.datastream.connectors.kafka import FlinkKafkaConsumer, KafkaSource, KafkaOffsetsInitializer
from pyflink.datastream.window import TumblingEventTimeWindows
from pyflink.common.time import Time


def pipeline_characteristic(env):
    env.set_stream_time_characteristic(TimeCharacteristic.EventTime)  # want "Flink 2.0 removed TimeCharacteristic \\(pom.xml targets Flink 2.0.0\\)\\nhelp: .*set_auto_watermark_interval"
    env.from_collection([("a", 1)], type_info=Types.TUPLE([Types.STRING(), Types.INT()])).print()


def legacy_consumer():
    # raises on 1.20.5 without the Kafka connector jar; a definition only
    return FlinkKafkaConsumer("in", SimpleStringSchema(), {"bootstrap.servers": "localhost:9092"})  # want "flink-connector-kafka 4.0.0-2.0 removed FlinkKafkaConsumer"


def pipeline_modern(env):
    # PyFlink 2.x keeps its own Time for window sizes, and KafkaSource: silent.
    size = TumblingEventTimeWindows.of(Time.seconds(5))
    strategy = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
    env.from_collection([("a", 1)]).print()
