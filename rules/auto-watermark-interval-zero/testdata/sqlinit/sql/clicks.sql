CREATE TABLE clicks (
  user_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'clicks', 'format' = 'json', 'scan.watermark.idle-timeout' = '1 min');

CREATE TABLE counts (user_id STRING, n BIGINT) WITH ('connector' = 'print');

INSERT INTO counts
SELECT user_id, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY user_id, window_start, window_end;
