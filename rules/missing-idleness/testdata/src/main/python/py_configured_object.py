from pyflink.common import Configuration
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.table import StreamTableEnvironment


def pipeline_configuration_object(env):
    config = Configuration()
    config.set_string("table.exec.source.idle-timeout", "1 min")
    t_env = StreamTableEnvironment.create(StreamExecutionEnvironment.get_execution_environment(config))
    t_env.execute_sql("""
        CREATE TABLE py_object_clicks (
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
    t_env.sql_query("SELECT * FROM py_object_clicks")
