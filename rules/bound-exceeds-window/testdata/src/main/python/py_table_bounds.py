"""A Table API schema's watermark is SQL text, read as a CREATE TABLE's."""
from pyflink.table import DataTypes, Schema, TableDescriptor


def pipeline_table_descriptor(t_env):
    t_env.create_temporary_table("py_late_clicks", TableDescriptor.for_connector("datagen")
                                 .schema(Schema.new_builder()
                                         .column("user_id", DataTypes.STRING())
                                         .column("ts", DataTypes.TIMESTAMP(3))
                                         .watermark("ts", "ts - INTERVAL '30' MINUTE")  # want "watermark delay of 30 min exceeds the 5 min size of the TUMBLE window"
                                         .build())
                                 .build())
    t_env.create_temporary_table("py_tight_clicks", TableDescriptor.for_connector("datagen")
                                 .schema(Schema.new_builder()
                                         .column("ts", DataTypes.TIMESTAMP(3))
                                         .watermark("ts", "ts - INTERVAL '5' SECOND")
                                         .build())
                                 .build())
    t_env.sql_query("SELECT user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE py_late_clicks, DESCRIPTOR(ts), "
                    "INTERVAL '5' MINUTE)) GROUP BY user_id, window_start, window_end")
    return t_env.sql_query("SELECT COUNT(*) FROM TABLE(TUMBLE(TABLE py_tight_clicks, DESCRIPTOR(ts), "
                           "INTERVAL '5' MINUTE)) GROUP BY window_start, window_end")
