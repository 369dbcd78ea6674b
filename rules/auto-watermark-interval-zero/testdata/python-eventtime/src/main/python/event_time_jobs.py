"""Event-time jobs whose periodic watermarks a zero interval turns off."""
from pyflink.common import Configuration, Duration, Time, Types, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.window import TumblingEventTimeWindows
from pyflink.table import StreamTableEnvironment

NO_INTERVAL = 0


class EventTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value[1]


def event_time_windows(env, strategy):
    row = Types.TUPLE([Types.STRING(), Types.LONG()])
    windows(env.from_collection([("a", 1000), ("b", 2000)], type_info=row), strategy)


def windows(stream, strategy):
    stream \
        .assign_timestamps_and_watermarks(strategy.with_timestamp_assigner(EventTime())) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(lambda a, b: (a[0], a[1] + b[1])) \
        .print()


def pipeline_execution_config(env):
    env.get_config().set_auto_watermark_interval(0)  # want "(?s)pipeline.auto-watermark-interval is 0, so periodic watermarks never advance.*strategy for_bounded_out_of_orderness emits"
    event_time_windows(env, WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(1)))


def pipeline_constant_and_keyword(env):
    env.get_config().set_auto_watermark_interval(NO_INTERVAL)  # want "periodic watermarks never advance"
    env.get_config().set_auto_watermark_interval(interval=0)  # want "never fire"
    env.get_config().set_auto_watermark_interval(200)
    strategy = WatermarkStrategy \
        .for_monotonous_timestamps()
    event_time_windows(env, strategy)


def pipeline_configuration(env):
    conf = Configuration()
    conf.set_string("pipeline.auto-watermark-interval", "0 ms")  # want "strategy for_monotonous_timestamps emits"
    job_env = StreamExecutionEnvironment.get_execution_environment(conf)
    event_time_windows(job_env, WatermarkStrategy.for_monotonous_timestamps())


def pipeline_configuration_integer(env):
    conf = Configuration()
    conf.set_integer("pipeline.auto-watermark-interval", 0)  # want "is 0"
    event_time_windows(StreamExecutionEnvironment.get_execution_environment(conf),
                       WatermarkStrategy.for_monotonous_timestamps())


def pipeline_configure(env):
    conf = Configuration()
    conf.set_string("pipeline.auto-watermark-interval", "0")  # want "is 0"
    env.configure(conf)
    event_time_windows(env, WatermarkStrategy.for_monotonous_timestamps())


def pipeline_table_config(env):
    # A table config's pipeline options reach the DataStream environment when
    # a table is turned into a stream (to_data_stream), as here, or run.
    t_env = StreamTableEnvironment.create(env)
    t_env.get_config().set("pipeline.auto-watermark-interval", "0")  # want "is 0"
    table = t_env.from_elements([("a", 1000), ("b", 2000)], ["user_id", "ts"])
    stream = t_env.to_data_stream(table).map(lambda r: (r[0], r[1]),
                                             output_type=Types.TUPLE([Types.STRING(), Types.LONG()]))
    windows(stream, WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(500)))


def no_watermarks(env):
    env.get_config().set_auto_watermark_interval(0)  # want "strategy for_monotonous_timestamps emits"


def pipeline_helper(env):
    no_watermarks(env)
    event_time_windows(env, WatermarkStrategy.for_monotonous_timestamps())


def pipeline_kafka_table(t_env):
    t_env.get_config().get_configuration().set_string("pipeline.auto-watermark-interval", "0")  # want "the WATERMARK of table clicks emits"
    t_env.execute_sql("""
        CREATE TABLE clicks (
            user_id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'clicks',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json'
        )
    """)


def create_env_with_config():
    config = Configuration()
    config.set_string("pipeline.auto-watermark-interval", "0")  # want "strategy for_monotonous_timestamps emits"
    return StreamExecutionEnvironment.get_execution_environment(config)


def pipeline_factory(env):
    job_env = create_env_with_config()
    event_time_windows(job_env, WatermarkStrategy.for_monotonous_timestamps())


def tune_for_latency(env):
    env.get_config().set_auto_watermark_interval(0)  # want "strategy for_bounded_out_of_orderness emits"


def pipeline_tuned(env):
    tune_for_latency(env)
    event_time_windows(env, WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(2)))


def periodic_strategy():
    return WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(3))


def pipeline_strategy_helper(env):
    env.get_config().set_auto_watermark_interval(0)  # want "strategy for_bounded_out_of_orderness emits"
    row = Types.TUPLE([Types.STRING(), Types.LONG()])
    env.from_collection([("a", 1000)], type_info=row) \
        .assign_timestamps_and_watermarks(periodic_strategy().with_timestamp_assigner(EventTime())) \
        .key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .reduce(lambda a, b: (a[0], a[1] + b[1])) \
        .print()


# Look-alikes: positive intervals, comments and strings.

def pipeline_positive_intervals(env):
    # env.get_config().set_auto_watermark_interval(0)
    env.get_config().set_auto_watermark_interval(200)
    t_env = StreamTableEnvironment.create(env)
    t_env.get_config().set("pipeline.auto-watermark-interval", "200 ms")
    t_env.get_config().set("pipeline.name", "pipeline.auto-watermark-interval = 0")
    event_time_windows(env, WatermarkStrategy.for_monotonous_timestamps())
