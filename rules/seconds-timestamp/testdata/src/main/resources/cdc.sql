-- Maxwell's JSON read as plain JSON: its ts is in seconds.
CREATE TABLE ods_db (
  `database` STRING,
  `table` STRING,
  `type` STRING,
  `ts` BIGINT,
  `data` MAP<STRING, STRING>,
  `old` MAP<STRING, STRING>,
  row_time AS TO_TIMESTAMP_LTZ(ts, 3), -- want "^TO_TIMESTAMP_LTZ\\(ts, 3\\) on seconds: Maxwell writes ts in seconds\\n"
  WATERMARK FOR row_time AS row_time - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'ods_db', 'format' = 'json', 'scan.watermark.idle-timeout' = '1 min');

CREATE TABLE maxwell_raw (
  xid BIGINT,
  ts BIGINT,
  data ROW<id BIGINT, amount DECIMAL(10, 2)>,
  ok_time AS TO_TIMESTAMP_LTZ(ts, 0),
  ok_time2 AS TO_TIMESTAMP_LTZ(ts * 1000, 3)
) WITH ('connector' = 'kafka', 'topic' = 'maxwell', 'format' = 'json');

SELECT TO_TIMESTAMP_LTZ(ts, 3) FROM maxwell_raw; -- want "on seconds: Maxwell writes ts in seconds"

-- Canal's ts and es are milliseconds.
CREATE TABLE canal_raw (
  `database` STRING,
  `table` STRING,
  `type` STRING,
  ts BIGINT,
  es BIGINT,
  isDdl BOOLEAN,
  data ARRAY<ROW<id BIGINT>>,
  t AS TO_TIMESTAMP_LTZ(ts, 3)
) WITH ('connector' = 'kafka', 'topic' = 'canal', 'format' = 'json');

SELECT TO_TIMESTAMP_LTZ(ts, 3) FROM canal_raw;

-- With a CDC format the columns are the captured row's: this ts is the table's own.
CREATE TABLE orders_cdc (
  id BIGINT,
  ts BIGINT,
  t AS TO_TIMESTAMP_LTZ(ts, 3)
) WITH ('connector' = 'kafka', 'topic' = 'orders', 'format' = 'maxwell-json');

-- Debezium's envelope has ts_ms, in milliseconds.
CREATE TABLE debezium_raw (
  `before` ROW<id BIGINT>,
  `after` ROW<id BIGINT>,
  op STRING,
  ts_ms BIGINT,
  t AS TO_TIMESTAMP_LTZ(ts_ms, 3)
) WITH ('connector' = 'kafka', 'topic' = 'dbz', 'format' = 'json');

-- A divisor that converts no epoch unit into seconds.
CREATE TABLE clicks (
  uid STRING,
  ts BIGINT,
  et AS TO_TIMESTAMP(FROM_UNIXTIME(ts / 10000)), -- want "^FROM_UNIXTIME\\(ts / 10000\\) divides by 10000, which makes no epoch unit seconds\\nhelp: divide milliseconds by 1000 \\(microseconds by 1000000\\)"
  et2 AS TO_TIMESTAMP(FROM_UNIXTIME(ts / 1000)),
  et3 AS TO_TIMESTAMP(FROM_UNIXTIME(ts / 1000000)),
  et4 AS TO_TIMESTAMP(FROM_UNIXTIME((ts - 500) / 100)), -- want "divides by 100,"
  et5 AS TO_TIMESTAMP(FROM_UNIXTIME(ts / 60)),
  WATERMARK FOR et AS et - INTERVAL '2' SECOND
) WITH ('connector' = 'filesystem', 'path' = 'clicks.csv', 'format' = 'csv');
