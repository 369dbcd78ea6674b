"""Jobs without periodic watermarks turn them off on purpose: nothing here may be reported."""
from pyflink.common import Configuration, Time, Types, WatermarkStrategy
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.window import TumblingProcessingTimeWindows


def pipeline_processing_time(env):
    env.get_config().set_auto_watermark_interval(0)
    env.from_collection([("a", 1), ("b", 2)], type_info=Types.TUPLE([Types.STRING(), Types.LONG()])) \
        .key_by(lambda e: e[0]) \
        .window(TumblingProcessingTimeWindows.of(Time.seconds(10))) \
        .reduce(lambda a, b: (a[0], a[1] + b[1])) \
        .print()


def pipeline_no_watermarks(env):
    conf = Configuration()
    conf.set_string("pipeline.auto-watermark-interval", "0")
    job_env = StreamExecutionEnvironment.get_execution_environment(conf)
    job_env.from_collection([1, 2, 3], type_info=Types.INT()) \
        .assign_timestamps_and_watermarks(WatermarkStrategy.no_watermarks()) \
        .print()


def pipeline_tables_without_periodic_watermarks(t_env):
    t_env.get_config().set("pipeline.auto-watermark-interval", "0")
    t_env.execute_sql("CREATE TABLE numbers (n BIGINT) WITH ('connector' = 'datagen')")
    t_env.execute_sql("""
        CREATE TABLE clicks (
            user_id STRING,
            ts TIMESTAMP(3),
            -- WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
            WATERMARK FOR ts AS ts
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'clicks',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json',
            'scan.watermark.emit.strategy' = 'on-event'
        )
    """)
