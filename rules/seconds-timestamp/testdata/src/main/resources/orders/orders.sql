-- Job "orders": its own table documents ts as seconds.
CREATE TABLE orders (
  id STRING,
  ts BIGINT COMMENT 'epoch seconds',
  rt AS TO_TIMESTAMP_LTZ(ts, 3) -- want "column ts is documented as"
) WITH ('connector' = 'datagen');
