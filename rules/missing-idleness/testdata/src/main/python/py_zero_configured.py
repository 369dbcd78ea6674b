def pipeline_zero_global_timeout(t_env):
    # 0 turns idleness off: the table is as unprotected as without the setting.
    t_env.get_config().set("table.exec.source.idle-timeout", "0 ms")
    t_env.execute_sql("""
        CREATE TABLE py_zero_clicks (
            user_id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND  -- want "table py_zero_clicks has a WATERMARK"
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'clicks',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json'
        )
    """)
    t_env.sql_query("SELECT * FROM py_zero_clicks")
