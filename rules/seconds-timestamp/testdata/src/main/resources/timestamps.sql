CREATE TABLE events (
  user_id STRING,
  created_sec BIGINT,
  ts_ms BIGINT,
  epoch_time BIGINT COMMENT 'epoch seconds from the device clock',
  logged_at BIGINT, -- seconds since 1970
  day_bucket INT,
  parsed_at AS UNIX_TIMESTAMP(CAST(created_sec AS STRING)),
  ts1 AS TO_TIMESTAMP_LTZ(created_sec, 3), -- want "^TO_TIMESTAMP_LTZ\\(created_sec, 3\\) on seconds: the name says seconds\\n"
  ts2 AS TO_TIMESTAMP_LTZ(epoch_time, 3), -- want "^TO_TIMESTAMP_LTZ\\(epoch_time, 3\\) on seconds: column documented in seconds\\n"
  ts3 AS TO_TIMESTAMP_LTZ(logged_at, 3), -- want "^TO_TIMESTAMP_LTZ\\(logged_at, 3\\) on seconds: column documented in seconds\\n"
  ts4 AS TO_TIMESTAMP_LTZ(ts_ms / 1000, 3), -- want "^TO_TIMESTAMP_LTZ\\(ts_ms / 1000, 3\\) on seconds: divided by 1000\\n"
  ts5 AS TO_TIMESTAMP_LTZ(day_bucket, 3), -- want "^TO_TIMESTAMP_LTZ\\(day_bucket, 3\\) on seconds: INT column, too small for milliseconds\\n"
  ts6 AS TO_TIMESTAMP_LTZ(parsed_at, 3), -- want "^TO_TIMESTAMP_LTZ\\(parsed_at, 3\\) on seconds: column computed with UNIX_TIMESTAMP\\n"
  ok1 AS TO_TIMESTAMP_LTZ(created_sec, 0),
  ok2 AS TO_TIMESTAMP_LTZ(created_sec * 1000, 3),
  ok3 AS TO_TIMESTAMP_LTZ(ts_ms, 3),
  WATERMARK FOR ts1 AS ts1 - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

SELECT
  FROM_UNIXTIME(ts_ms), -- want "^FROM_UNIXTIME\\(ts_ms\\) on milliseconds: the name says milliseconds\\n"
  FROM_UNIXTIME(ts_ms / 1000),
  FROM_UNIXTIME(created_sec),
  TO_TIMESTAMP_LTZ(e.created_sec, 3) -- want "^TO_TIMESTAMP_LTZ\\(e \\. created_sec, 3\\) on seconds: the name says seconds\\n"
FROM events AS e;
