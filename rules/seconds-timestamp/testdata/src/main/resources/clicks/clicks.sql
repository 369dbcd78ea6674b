-- Job "clicks": a column named ts in another job's table says nothing about
-- this one, which holds milliseconds.
CREATE TABLE clicks (
  url STRING,
  ts BIGINT,
  rt AS TO_TIMESTAMP_LTZ(ts, 3)
) WITH ('connector' = 'datagen');
