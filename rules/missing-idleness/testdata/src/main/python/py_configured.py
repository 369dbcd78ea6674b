def pipeline_global_idle_timeout(t_env):
    t_env.get_config().set("table.exec.source.idle-timeout", "1 min")
    t_env.execute_sql("""
        CREATE TABLE py_configured_clicks (
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
    t_env.sql_query("SELECT * FROM py_configured_clicks")


def pipeline_configuration_idle_timeout(t_env):
    t_env.get_config().get_configuration().set_string("table.exec.source.idle-timeout", "30 s")
    t_env.execute_sql("""
        CREATE TABLE py_configured_views (
            url STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'views',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json'
        )
    """)
    t_env.sql_query("SELECT * FROM py_configured_views")
