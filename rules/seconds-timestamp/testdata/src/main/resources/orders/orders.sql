-- Job "orders": its own table documents ts as seconds.
CREATE TABLE orders (
  id STRING,
  ts BIGINT COMMENT 'epoch seconds',
  rt AS TO_TIMESTAMP_LTZ(ts, 3) -- want "^TO_TIMESTAMP_LTZ\\(ts, 3\\) on seconds: column documented in seconds\\n"
) WITH ('connector' = 'datagen');
