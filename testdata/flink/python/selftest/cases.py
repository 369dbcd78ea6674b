# The harness's self-test: cases that build, and one that must raise.
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.serialization import SimpleStringSchema
from pyflink.common.time import Time
from pyflink.datastream.connectors.kafka import KafkaOffsetsInitializer, KafkaSource
from pyflink.datastream.window import GlobalWindows, TumblingEventTimeWindows
from pyflink.datastream.window import CountTrigger, PurgingTrigger

from jobs.common import STRATEGY, MillisAssigner, late_tag

ROW = Types.TUPLE([Types.STRING(), Types.LONG()])


def kafka_source():
    return (KafkaSource.builder()
            .set_bootstrap_servers("localhost:9092")
            .set_topics("events")
            .set_group_id("selftest")
            .set_starting_offsets(KafkaOffsetsInitializer.earliest())
            .set_value_only_deserializer(SimpleStringSchema())
            .build())


def pipeline_kafka_event_time_window(env):
    ws = STRATEGY.with_timestamp_assigner(MillisAssigner())
    tag = late_tag()
    windowed = (env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "kafka")
                .map(lambda s: (s, len(s)), output_type=ROW)
                .assign_timestamps_and_watermarks(ws)
                .key_by(lambda e: e[0])
                .window(TumblingEventTimeWindows.of(Time.seconds(5)))
                .allowed_lateness(1000)
                .side_output_late_data(tag)
                .reduce(lambda a, b: (a[0], a[1] + b[1]), output_type=ROW))
    windowed.get_side_output(tag).print()
    windowed.print()


def pipeline_global_window_with_trigger(env):
    (env.from_collection([("a", 1), ("b", 2)], type_info=ROW)
     .key_by(lambda e: e[0])
     .window(GlobalWindows.create())
     .trigger(PurgingTrigger.of(CountTrigger.of(2)))
     .reduce(lambda a, b: (a[0], a[1] + b[1]), output_type=ROW)
     .print())


def pipeline_zero_idle_timeout(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(0))


def pipeline_sql_kafka_table(t_env):
    t_env.get_config().set("table.exec.source.idle-timeout", "1 min")
    t_env.execute_sql("""
        CREATE TABLE clicks (
          user_id STRING,
          ts TIMESTAMP(3),
          WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'clicks',
          'properties.bootstrap.servers' = 'localhost:9092',
          'properties.group.id' = 'selftest',
          'format' = 'json'
        )""")
    t_env.execute_sql("CREATE TABLE counts (user_id STRING, n BIGINT) WITH ('connector' = 'blackhole')")
    t_env.execute_sql("""
        INSERT INTO counts
        SELECT user_id, COUNT(*) FROM TABLE(
          TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
        GROUP BY user_id, window_start, window_end""")
