-- Page views per minute, for the SQL client:
--   sql-client.sh -f page_views.sql

CREATE TABLE page_views (
  user_id     STRING,
  page        STRING,
  view_sec    BIGINT,                                -- epoch seconds, set by the browser
  view_time   AS TO_TIMESTAMP_LTZ(view_sec, 3),
  WATERMARK FOR view_time AS view_time - INTERVAL '10' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'page-views',
  'properties.bootstrap.servers' = 'kafka:9092',
  'properties.group.id' = 'page-views-per-minute',
  'scan.startup.mode' = 'latest-offset',
  'format' = 'json'
);

CREATE TABLE orders (
  order_id    STRING,
  amount      DECIMAL(10, 2),
  order_ms    BIGINT,
  order_time  AS TO_TIMESTAMP_LTZ(order_ms, 3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'kafka:9092',
  'scan.watermark.idle-timeout' = '1 min',
  'format' = 'json'
);

CREATE TABLE views_per_minute (
  window_start TIMESTAMP(3),
  page         STRING,
  views        BIGINT
) WITH ('connector' = 'print');

INSERT INTO views_per_minute
SELECT window_start, page, COUNT(*) AS views
FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(view_time), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end, page;
