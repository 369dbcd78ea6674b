-- The same job for the SQL client: sql-client.sh -f web_and_app.sql
SET 'table.exec.source.idle-timeout' = '0 ms';

CREATE TABLE clicks (
  user_id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '0.1' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'web;app',
  'properties.bootstrap.servers' = 'kafka:9092',
  'format' = 'json'
);

SELECT TUMBLE_START(ts, INTERVAL '1' SECOND) AS w, COUNT(*) AS n
FROM clicks
GROUP BY TUMBLE(ts, INTERVAL '1' SECOND);
