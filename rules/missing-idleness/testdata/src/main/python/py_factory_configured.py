"""Idle timeouts set on the configuration a factory builds the table
environment on: the tables of the job that keeps it have a timeout."""
from pyflink.common import Configuration
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.table import EnvironmentSettings, StreamTableEnvironment, TableEnvironment

CLICKS = """
    CREATE TABLE py_factory_clicks (
        user_id STRING,
        ts TIMESTAMP(3),
        WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
    ) WITH (
        'connector' = 'kafka',
        'topic' = 'clicks',
        'properties.bootstrap.servers' = 'localhost:9092',
        'format' = 'json'
    )
"""


def create_table_env():
    config = Configuration()
    config.set_string("table.exec.source.idle-timeout", "1 min")
    return TableEnvironment.create(EnvironmentSettings.new_instance().in_streaming_mode().with_configuration(config).build())


def create_stream_table_env():
    env = StreamExecutionEnvironment.get_execution_environment()
    t_env = StreamTableEnvironment.create(env)
    t_env.get_config().set("table.exec.source.idle-timeout", "30 s")
    return t_env


def pipeline_from_factory(t_env):
    job_env = create_table_env()
    job_env.execute_sql(CLICKS)


def pipeline_from_stream_factory(t_env):
    job_env = create_stream_table_env()
    job_env.execute_sql(CLICKS.replace("py_factory_clicks", "py_factory_views"))
