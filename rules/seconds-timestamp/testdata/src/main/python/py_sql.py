SECONDS_TABLE = """
    CREATE TABLE py_logins (
        user_id STRING,
        login_sec BIGINT,
        login_ms BIGINT,
        ts AS TO_TIMESTAMP_LTZ(login_sec, 3)  -- want "^TO_TIMESTAMP_LTZ\\(login_sec, 3\\) on seconds: the name says seconds\\n"
    ) WITH ('connector' = 'datagen')
"""


def pipeline_ddl(t_env):
    t_env.execute_sql(SECONDS_TABLE)
    t_env.sql_query("SELECT user_id, TO_TIMESTAMP_LTZ(login_ms / 1000, 3) FROM py_logins")  # want "^TO_TIMESTAMP_LTZ\\(login_ms / 1000, 3\\) on seconds: divided by 1000\\nhelp: use TO_TIMESTAMP_LTZ\\(login_ms / 1000, 0\\)"
    t_env.sql_query(f"SELECT user_id, TO_TIMESTAMP_LTZ(login_sec, 0), TO_TIMESTAMP_LTZ(login_ms, 3) FROM py_logins")
    t_env.sql_query("SELECT user_id, " + "FROM_UNIXTIME(login_ms) FROM py_logins")  # want "^FROM_UNIXTIME\\(login_ms\\) on milliseconds: the name says milliseconds\\nhelp: divide the argument by 1000 first"
    t_env.sql_query("SELECT FROM_UNIXTIME(login_sec), FROM_UNIXTIME(login_ms / 1000) FROM py_logins")
    return "SELECT TO_TIMESTAMP_LTZ(login_sec, 3) FROM py_logins"
