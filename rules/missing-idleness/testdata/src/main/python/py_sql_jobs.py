from pyflink.table import DataTypes, Schema, TableDescriptor

KAFKA_WITH = """
    'connector' = 'kafka',
    'properties.bootstrap.servers' = 'localhost:9092',
    'format' = 'json'"""


def pipeline_triple_quoted(t_env):
    t_env.execute_sql("""
        CREATE TABLE py_clicks (
            user_id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND  -- want "(?s)table py_clicks has a WATERMARK on 'kafka' and no idle timeout.*get_config\\(\\)\\.set"
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'clicks',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json'
        )
    """)
    t_env.sql_query("SELECT user_id, COUNT(*) FROM py_clicks GROUP BY user_id, TUMBLE(ts, INTERVAL '1' MINUTE)")


def pipeline_plain_string(t_env):
    t_env.execute_sql("CREATE TABLE py_views (url STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka', 'topic' = 'views', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json')")  # want "table py_views has a WATERMARK"
    t_env.sql_query("SELECT * FROM py_views")


def pipeline_raw_concatenated(t_env):
    t_env.execute_sql(
        r"CREATE TABLE py_orders (id STRING, ts TIMESTAMP(3), "
        r"WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) "  # want "table py_orders has a WATERMARK"
        "WITH ('connector' = 'kafka', 'topic' = 'orders', "
        + "'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json')")
    t_env.sql_query("SELECT id FROM py_orders")


def pipeline_f_string(t_env):
    topic = "payments"
    t_env.execute_sql(f"""
        CREATE TABLE py_payments (
            id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND  -- want "table py_payments has a WATERMARK"
        ) WITH (
            'connector' = 'kafka',
            'topic' = '{topic}',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json'
        )
    """)
    t_env.sql_query("SELECT id FROM py_payments")


def kafka_with(topic):
    return "WITH (" + KAFKA_WITH + ", 'topic' = '" + topic + "')"


def pipeline_f_string_helper(t_env):
    # The connector is in the text of a field: a helper's result and a
    # module constant (trials: InnoCentCoder5497).
    t_env.execute_sql(f"""
        CREATE TABLE py_chargebacks (
            id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND  -- want "table py_chargebacks has a WATERMARK"
        ) {kafka_with('chargebacks')}
    """)
    t_env.execute_sql(f"""
        CREATE TABLE py_disputes (
            id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts  -- want "table py_disputes has a WATERMARK"
        ) WITH ({KAFKA_WITH}, 'topic' = 'disputes')
    """)
    t_env.sql_query("SELECT id FROM py_chargebacks UNION ALL SELECT id FROM py_disputes")


def pipeline_format(t_env):
    ddl = """
        CREATE TABLE py_refunds (
            id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND  -- want "table py_refunds has a WATERMARK"
        ) WITH ('connector' = 'kafka', 'topic' = '{topic}', 'properties.bootstrap.servers' = '{servers}',
                'format' = 'json')
    """.format(topic="refunds", servers="localhost:9092")
    t_env.execute_sql(ddl)
    t_env.sql_query("SELECT id FROM py_refunds")


def pipeline_statement_set(t_env):
    t_env.execute_sql("""
        CREATE TABLE py_events (
            id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts  -- want "table py_events has a WATERMARK"
        ) WITH (""" + KAFKA_WITH + """, 'topic' = 'events')
    """)
    t_env.execute_sql("CREATE TABLE py_event_counts (id STRING, n BIGINT) WITH ('connector' = 'blackhole')")
    stmts = t_env.create_statement_set()
    stmts.add_insert_sql("INSERT INTO py_event_counts SELECT id, COUNT(*) FROM py_events GROUP BY id, TUMBLE(ts, INTERVAL '1' MINUTE)")


def pipeline_table_option(t_env):
    t_env.execute_sql("""
        CREATE TABLE py_idle_clicks (
            user_id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'clicks',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json',
            'scan.watermark.idle-timeout' = '1 min'
        )
    """)
    t_env.sql_query("SELECT * FROM py_idle_clicks")


def pipeline_look_alikes(t_env):
    # No WATERMARK, a bounded connector, a bounded Kafka read, and SQL that is only text.
    t_env.execute_sql("CREATE TABLE py_plain (id STRING) WITH ('connector' = 'kafka', 'topic' = 'p', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json')")
    t_env.execute_sql("""
        CREATE TABLE py_gen (
            id STRING,
            ts TIMESTAMP(3),
            -- WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
            WATERMARK FOR ts AS ts
        ) WITH ('connector' = 'datagen')
    """)
    t_env.execute_sql("""
        CREATE TABLE py_replay (
            id STRING,
            ts TIMESTAMP(3),
            WATERMARK FOR ts AS ts
        ) WITH (
            'connector' = 'kafka',
            'topic' = 'replay',
            'properties.bootstrap.servers' = 'localhost:9092',
            'format' = 'json',
            'scan.bounded.mode' = 'latest-offset'
        )
    """)
    t_env.sql_query("SELECT * FROM py_plain, py_gen, py_replay")
    doc = "CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka')"
    return doc


def pipeline_descriptor(t_env):
    clicks = TableDescriptor.for_connector("kafka") \
        .schema(Schema.new_builder()
                .column("user_id", DataTypes.STRING())
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts - INTERVAL '5' SECOND")  # want "(?s)table py_desc_clicks has a WATERMARK on .kafka. and no idle timeout.*add .option\\(\"scan.watermark.idle-timeout\", \"1 min\"\\) to its TableDescriptor"
                .build()) \
        .option("topic", "clicks") \
        .option("properties.bootstrap.servers", "localhost:9092") \
        .format("json") \
        .build()
    t_env.create_temporary_table("py_desc_clicks", clicks)
    t_env.sql_query("SELECT * FROM py_desc_clicks")


def pipeline_descriptor_idle(t_env):
    clicks = TableDescriptor.for_connector("kafka") \
        .schema(Schema.new_builder()
                .column("user_id", DataTypes.STRING())
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts - INTERVAL '5' SECOND")
                .build()) \
        .option("topic", "clicks") \
        .option("properties.bootstrap.servers", "localhost:9092") \
        .option("scan.watermark.idle-timeout", "1 min") \
        .format("json") \
        .build()
    t_env.from_descriptor(clicks)
    datagen = TableDescriptor.for_connector("datagen") \
        .schema(Schema.new_builder()
                .column("ts", DataTypes.TIMESTAMP(3))
                .watermark("ts", "ts")
                .build()) \
        .build()
    t_env.from_descriptor(datagen)
