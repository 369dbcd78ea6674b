from pyflink.common import Configuration

IDLE_KEY = "table.exec.source.idle-timeout"


def pipeline_config_set(t_env):
    t_env.get_config().set("table.exec.source.idle-timeout", "0 ms")  # want "turns source idleness off"


def pipeline_config_constant_key(t_env):
    t_env.get_config().set(IDLE_KEY, "0")  # want "turns source idleness off"


def pipeline_configuration_set_string(t_env):
    t_env.get_config().get_configuration().set_string("table.exec.source.idle-timeout", "0 s")  # want "turns source idleness off"


def pipeline_configuration_object(env):
    config = Configuration()
    config.set_string("table.exec.source.idle-timeout", "0 min")  # want "turns source idleness off"
    return config


def pipeline_table_option(t_env):
    t_env.execute_sql("""
        CREATE TABLE clicks (
            user_id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'clicks',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json',
            'scan.watermark.idle-timeout' = '0 ms'  -- want "turns idleness off for this table"
        )
    """)


def pipeline_positive_settings(t_env):
    idle = "1 min"
    t_env.get_config().set("table.exec.source.idle-timeout", "1 min")
    t_env.get_config().set("table.exec.source.idle-timeout", f"{idle}")
    t_env.get_config().set("pipeline.auto-watermark-interval", "0 ms")
    # t_env.get_config().set("table.exec.source.idle-timeout", "0 ms")
    options = {"description": "table.exec.source.idle-timeout = 0 ms turns idleness off"}
    return options
