"""A Table API schema's expressions are SQL text, read as in CREATE TABLE."""
from pyflink.table import DataTypes, Schema, TableDescriptor


def pipeline_table_descriptor(t_env):
    t_env.create_temporary_table("py_desc_logins", TableDescriptor.for_connector("datagen")
                                 .schema(Schema.new_builder()
                                         .column("login_sec", DataTypes.BIGINT())
                                         .column_by_expression("ts", "TO_TIMESTAMP_LTZ(login_sec, 3)")  # want "^TO_TIMESTAMP_LTZ\\(login_sec, 3\\) on seconds: the name says seconds\\n"
                                         .column_by_expression("ok", "TO_TIMESTAMP_LTZ(login_sec, 0)")
                                         .watermark("ts", "ts - INTERVAL '5' SECOND")
                                         .build())
                                 .build())
