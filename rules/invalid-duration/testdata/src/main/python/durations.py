"""Durations set from Python: in the table config, in a Configuration and in SQL."""
from pyflink.common import Configuration
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.table import DataTypes, Schema, TableDescriptor

IDLE_KEY = "table.exec.source.idle-timeout"
SOURCE_IDLE = "1 mi"


def pipeline_table_config(t_env):
    t_env.get_config().set("table.exec.source.idle-timeout", "PT1M")  # want "'PT1M' is not a duration"
    t_env.get_config().set(IDLE_KEY, "1 mi")  # want "table.exec.source.idle-timeout = '1 mi' is not a duration"
    t_env.get_config().set(key="table.exec.state.ttl", value="-1 ms")  # want "'-1 ms' is not a duration"
    config = t_env.get_config().get_configuration()
    config.set_string("table.exec.mini-batch.allow-latency", "1.5 s")  # want "'1.5 s' is not a duration"
    config.set_string('execution.checkpointing.timeout', '10 mins')  # want "'10 mins' is not a duration"


def pipeline_table_config_valid(t_env):
    t_env.get_config().set("table.exec.source.idle-timeout", "1 min")
    t_env.get_config().set("table.exec.state.ttl", "1 d")
    t_env.get_config().set("table.exec.mini-batch.allow-latency", "5 secs")
    t_env.get_config().get_configuration().set_string("pipeline.auto-watermark-interval", "60000")
    t_env.get_config().get_configuration().set_integer("pipeline.auto-watermark-interval", 200)
    t_env.get_config().set("table.exec.source.idle-timeout", f"{30} s")  # computed: not read
    t_env.get_config().set("table.exec.source.idle-timeout", "%d s" % 30)
    # t_env.get_config().set("table.exec.source.idle-timeout", "1 mi")
    note = "table.exec.source.idle-timeout = '1 mi'"
    t_env.get_config().set("pipeline.name", note)


def pipeline_configuration(env):  # raises: Could not parse value '1 mins' for key 'execution.checkpointing.interval'
    conf = Configuration()
    conf.set_string("execution.checkpointing.interval", "1 mins")  # want "'1 mins' is not a duration"
    StreamExecutionEnvironment.get_execution_environment(conf)


def pipeline_sql_with(t_env):
    t_env.execute_sql("""
        CREATE TABLE clicks (
            user_id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
        ) WITH (
            'connector' = 'datagen',
            -- 'scan.watermark.idle-timeout' = '1 mi',
            'scan.watermark.idle-timeout' = '1 minn', -- want "scan.watermark.idle-timeout = '1 minn' is not a duration"
            'scan.watermark.alignment.max-drift' = '1 hr' -- want "'1 hr' is not a duration"
        )
    """)


def pipeline_sql_look_alikes(t_env):
    t_env.execute_sql("CREATE TABLE page_views (id STRING) WITH ('connector' = 'datagen', "
                      "'scan.watermark.idle-timeout' = '30 s')")
    text = "WITH ('scan.watermark.idle-timeout' = '1 mi')"
    print(text)


def clicks(idle_timeout):
    return TableDescriptor.for_connector("kafka") \
        .schema(Schema.new_builder()
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts - INTERVAL '5' SECOND")
                .build()) \
        .option("topic", "clicks") \
        .option("scan.watermark.idle-timeout", idle_timeout) \
        .build()


def pipeline_table_descriptor(t_env):
    # Flink parses the option when the planner creates the source: reading the
    # table fails with "Could not parse value '1 mi' for key
    # 'scan.watermark.idle-timeout'" (PyFlink 1.20.5, Kafka connector 3.4.0).
    t_env.create_temporary_table("clicks", TableDescriptor.for_connector("kafka")
                                 .schema(Schema.new_builder().column("ts", DataTypes.TIMESTAMP(3)).build())
                                 .option("scan.watermark.idle-timeout", "1 mi")  # want "scan.watermark.idle-timeout = '1 mi' is not a duration"
                                 .option("topic", "clicks")
                                 .build())
    t_env.create_temporary_table("views", TableDescriptor.for_connector("kafka")
                                 .schema(Schema.new_builder().column("ts", DataTypes.TIMESTAMP(3)).build())
                                 .option("scan.watermark.idle-timeout", SOURCE_IDLE)  # want "'1 mi' is not a duration"
                                 .option("topic", "views")
                                 .option("scan.startup.mode", "1 mi")
                                 .build())
    t_env.create_temporary_table("orders", clicks("30 s"))
