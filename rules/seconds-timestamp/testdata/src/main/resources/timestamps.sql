CREATE TABLE events (
  user_id STRING,
  created_sec BIGINT,
  ts_ms BIGINT,
  epoch_time BIGINT COMMENT 'epoch seconds from the device clock',
  logged_at BIGINT, -- seconds since 1970
  day_bucket INT,
  parsed_at AS UNIX_TIMESTAMP(CAST(created_sec AS STRING)),
  ts1 AS TO_TIMESTAMP_LTZ(created_sec, 3), -- want "TO_TIMESTAMP_LTZ\\(created_sec, 3\\) reads its argument as epoch milliseconds, but the name created_sec says seconds"
  ts2 AS TO_TIMESTAMP_LTZ(epoch_time, 3), -- want "documented as \"epoch seconds from the device clock\""
  ts3 AS TO_TIMESTAMP_LTZ(logged_at, 3), -- want "documented as \"seconds since 1970\""
  ts4 AS TO_TIMESTAMP_LTZ(ts_ms / 1000, 3), -- want "divided by 1000"
  ts5 AS TO_TIMESTAMP_LTZ(day_bucket, 3), -- want "INT, too small"
  ts6 AS TO_TIMESTAMP_LTZ(parsed_at, 3), -- want "computed with UNIX_TIMESTAMP"
  ok1 AS TO_TIMESTAMP_LTZ(created_sec, 0),
  ok2 AS TO_TIMESTAMP_LTZ(created_sec * 1000, 3),
  ok3 AS TO_TIMESTAMP_LTZ(ts_ms, 3),
  WATERMARK FOR ts1 AS ts1 - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT
  FROM_UNIXTIME(ts_ms), -- want "FROM_UNIXTIME reads its argument as epoch seconds, but the name ts_ms says milliseconds"
  FROM_UNIXTIME(ts_ms / 1000),
  FROM_UNIXTIME(created_sec),
  TO_TIMESTAMP_LTZ(e.created_sec, 3) -- want "created_sec says seconds"
FROM events AS e;
