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
    ws = WatermarkStrategy.for_bounded_out_of_orderness(MAX_DISORDER)  # want "the out-of-orderness bound \\(30 min\\) is larger than the size \\(1 min\\) of the TumblingEventTimeWindows window at py_bounds.py:40.*allowed_lateness\\(...\\)"
    env.from_source(clicks_source(), ws, "clicks") \
        .map(parse, output_type=PARSED) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(WINDOW)) \
        .reduce(first)


def pipeline_keywords_and_sessions(env):
    clicks = env.from_source(
        source=clicks_source(),
        watermark_strategy=WatermarkStrategy.for_bounded_out_of_orderness(  # want "bound \\(10 min\\) is larger than the gap \\(2 min\\) of the EventTimeSessionWindows window"
            max_out_of_orderness=Duration.of_minutes(10)),
        source_name="clicks")
    clicks.map(parse, output_type=PARSED) \
        .key_by(lambda e: e[0]) \
        .window(EventTimeSessionWindows.with_gap(Time.minutes(2))) \
        .reduce(first)


def pipeline_assigned_after(env):
    (env.from_source(clicks_source(), WatermarkStrategy.no_watermarks(), "clicks")
        .map(parse, output_type=PARSED)
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_hours(2)))  # want "bound \\(2 h\\) is larger than the size \\(1 h\\) of the SlidingEventTimeWindows"
        .key_by(lambda e: e[0])
        .window(SlidingEventTimeWindows.of(Time.hours(1), Time.minutes(5)))
        .reduce(first))


def pipeline_days(env):
    (env.from_source(clicks_source(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_days(2)), "clicks")  # want "bound \\(2 days\\).*info only"
        .map(parse, output_type=PARSED)
        .key_by(lambda e: e[0])
        .window(TumblingEventTimeWindows.of(Time.hours(1)))
        .reduce(first))


def pipeline_negative(env):  # builds: Flink throws only when a subtask creates the generator, at run time
    env.from_source(clicks_source(), WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(-5)), "clicks").print()  # want "for_bounded_out_of_orderness is given a negative bound \\(-5 s\\)"


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
          WATERMARK FOR ts AS ts - INTERVAL '15' MINUTE  -- want "the watermark of table clicks trails its rows by 15 min, more than the size \\(5 min\\) of the TUMBLE window at py_bounds.py:98"
        ) WITH ('connector' = 'datagen')""")
    t_env.execute_sql("CREATE TABLE sink (w TIMESTAMP(3), n BIGINT) WITH ('connector' = 'blackhole')")
    t_env.execute_sql("""
        INSERT INTO sink
        SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '5' MINUTES))
        GROUP BY window_start, window_end""")
