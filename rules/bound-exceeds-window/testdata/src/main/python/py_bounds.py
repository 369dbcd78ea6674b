"""Out-of-orderness bounds larger than the event-time windows they feed."""
from pyflink.common import Duration, Time, Types, WatermarkStrategy
from pyflink.common.serialization import SimpleStringSchema
from pyflink.datastream.connectors.kafka import KafkaOffsetsInitializer, KafkaSource
from pyflink.datastream.window import (
    EventTimeSessionWindows,
    SlidingEventTimeWindows,
    TumblingEventTimeWindows,
    TumblingProcessingTimeWindows,
)

MAX_DISORDER = Duration.of_minutes(30)
WINDOW = Time.minutes(1)
PARSED = Types.TUPLE([Types.STRING(), Types.LONG()])


def clicks_source():
    return KafkaSource.builder() \
        .set_bootstrap_servers("localhost:9092") \
        .set_topics("clicks") \
        .set_group_id("flinklint") \
        .set_starting_offsets(KafkaOffsetsInitializer.earliest()) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


def parse(s):
    return s, 0


def first(a, b):
    return a


def pipeline_constants(env):
    ws = WatermarkStrategy.for_bounded_out_of_orderness(MAX_DISORDER)  # want "out-of-orderness bound of 30 min exceeds the 1 min size of TumblingEventTimeWindows\\nhelp: .*allowed_lateness\\(...\\)"
    env.from_source(clicks_source(), ws, "clicks") \
        .map(parse, output_type=PARSED) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(WINDOW)) \
        .reduce(first)


def pipeline_keywords_and_sessions(env):
    clicks = env.from_source(
        source=clicks_source(),
        watermark_strategy=WatermarkStrategy.for_bounded_out_of_orderness(  # want "bound of 10 min exceeds the 2 min gap of EventTimeSessionWindows"
            max_out_of_orderness=Duration.of_minutes(10)),
        source_name="clicks")
    clicks.map(parse, output_type=PARSED) \
        .key_by(lambda e: e[0]) \
        .window(EventTimeSessionWindows.with_gap(Time.minutes(2))) \
        .reduce(first)


def pipeline_assigned_after(env):
    (env.from_source(clicks_source(), WatermarkStrategy.no_watermarks(), "clicks")
        .map(parse, output_type=PARSED)
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_hours(2)))  # want "bound of 2 h exceeds the 1 h size of SlidingEventTimeWindows"
        .key_by(lambda e: e[0])
        .window(SlidingEventTimeWindows.of(Time.hours(1), Time.minutes(5)))
        .reduce(first))


def pipeline_days(env):
    (env.from_source(clicks_source(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_days(2)), "clicks")  # want "bound of 2 days exceeds the 1 h size"
        .map(parse, output_type=PARSED)
        .key_by(lambda e: e[0])
        .window(TumblingEventTimeWindows.of(Time.hours(1)))
        .reduce(first))


def pipeline_negative(env):  # builds: Flink throws only when a subtask creates the generator, at run time
    env.from_source(clicks_source(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(-5)), "clicks").print()  # want "out-of-orderness bound is negative \\(-5 s\\)"


def pipeline_look_alikes(env):
    clicks = env.from_source(clicks_source(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)), "a")
    clicks.map(parse, output_type=PARSED).key_by(lambda e: e[0]).window(TumblingEventTimeWindows.of(WINDOW)).reduce(first)
    slow = env.from_source(clicks_source(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_hours(1)), "b")
    slow.map(parse, output_type=PARSED).key_by(lambda e: e[0]) \
        .window(TumblingProcessingTimeWindows.of(WINDOW)).reduce(first)
    env.from_collection([("a", 1)], type_info=PARSED) \
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_hours(1))) \
        .key_by(lambda e: e[0]).window(TumblingEventTimeWindows.of(WINDOW)).reduce(first)


def pipeline_sql(t_env):
    t_env.execute_sql("""
        CREATE TABLE clicks (
          user_id STRING,
          ts TIMESTAMP(3),
          WATERMARK FOR ts AS ts - INTERVAL '15' MINUTE  -- want "watermark delay of 15 min exceeds the 5 min size of the TUMBLE window"
        ) WITH ('connector' = 'datagen')""")
    t_env.execute_sql("CREATE TABLE sink (w TIMESTAMP(3), n BIGINT) WITH ('connector' = 'blackhole')")
    t_env.execute_sql("""
        INSERT INTO sink
        SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTES))
        GROUP BY window_start, window_end""")
