from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import KeyedProcessFunction
from pyflink.datastream.connectors.number_seq import NumberSequenceSource

from ingest_common import NONE, WS, kafka_source, raw_clicks


class Passing(KeyedProcessFunction):
    def process_element(self, value, ctx):
        yield value


def pipeline_chained(env):
    kafka = kafka_source("clicks")
    (env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks")
        .assign_timestamps_and_watermarks(WS)  # want "^watermark strategy assigned after from_source\\(KafkaSource\\) instead of passed to it\\nhelp: pass the strategy to from_source instead of WatermarkStrategy.no_watermarks\\(\\)\\nnote: records of a lagging KafkaSource partition"
        .print())


def pipeline_keywords(env):
    stream = env.from_source(source=kafka_source("views"),
                             watermark_strategy=WatermarkStrategy.no_watermarks(),
                             source_name="views")
    stream.assign_timestamps_and_watermarks(watermark_strategy=WS).print()  # want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"


def pipeline_keywords_chained(env):
    (env.from_source(watermark_strategy=WatermarkStrategy.no_watermarks(), source_name="views",
                     source=kafka_source("views"))
        .assign_timestamps_and_watermarks(watermark_strategy=WS)  # want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"
        .print())


def pipeline_map_filter(env):
    env.from_source(kafka_source("clicks"), WatermarkStrategy.no_watermarks(), "clicks") \
        .map(lambda s: s.strip(), output_type=Types.STRING()) \
        .filter(lambda s: len(s) > 0) \
        .assign_timestamps_and_watermarks(WS)  # want "instead of passed to it\\nhelp: move the map or flatMap before this call into the source's deserializer"


def pipeline_filter_only(env):
    raw = env.from_source(kafka_source("clicks"), NONE, "clicks")
    kept = raw.filter(lambda s: len(s) > 0)
    kept.assign_timestamps_and_watermarks(WS).print()  # want "^watermark strategy assigned after from_source\\(KafkaSource\\) instead of passed to it\\nhelp: pass the strategy to from_source instead"


def pipeline_helper_source(env):
    raw_clicks(env).filter(lambda s: s != "").assign_timestamps_and_watermarks(WS).print()  # want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"


def pipeline_again(env):
    ws = WatermarkStrategy.for_monotonous_timestamps()
    clicks = env.from_source(kafka_source("clicks"), ws, "clicks")
    clicks.assign_timestamps_and_watermarks(WS).print()  # want "^watermark strategy assigned again after from_source, replacing ws\\nhelp: keep a single strategy"


def pipeline_legitimate(env):
    # Sources without splits of their own, streams already combined or regrouped,
    # a sequence source (one split per subtask) and a processing-time job.
    env.read_text_file("/tmp/clicks.txt").assign_timestamps_and_watermarks(WS).print()
    env.from_collection(["a", "b"], type_info=Types.STRING()).map(lambda s: s.upper(), output_type=Types.STRING()) \
        .assign_timestamps_and_watermarks(WS).print()
    a = env.from_source(kafka_source("a"), NONE, "a")
    b = env.from_source(kafka_source("b"), NONE, "b")
    a.union(b).assign_timestamps_and_watermarks(WS).print()
    a.key_by(lambda s: s).process(Passing(), output_type=Types.STRING()).assign_timestamps_and_watermarks(WS).print()
    env.from_source(NumberSequenceSource(1, 1000), WatermarkStrategy.no_watermarks(), "seq") \
        .assign_timestamps_and_watermarks(WS).print()
    env.from_source(kafka_source("c"), NONE, "c").assign_timestamps_and_watermarks(WatermarkStrategy.no_watermarks()).print()
    env.from_source(kafka_source("d"), WS, "d").print()
    # env.from_source(kafka, WatermarkStrategy.no_watermarks(), "k").assign_timestamps_and_watermarks(WS)
    return "from_source(kafka, WatermarkStrategy.no_watermarks(), k).assign_timestamps_and_watermarks(WS)"


class PayloadTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[0])


def pipeline_python_assigner(env):
    # PyFlink's from_source passes the source only the Java part of a
    # strategy: a Python timestamp assigner runs here or nowhere.
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
        .with_timestamp_assigner(PayloadTime())
    env.from_source(kafka_source("clicks"), WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(ws) \
        .print()
