-- Kafka tables with an event-time attribute.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND -- want "table clicks has a WATERMARK on 'kafka' and no idle timeout"
) WITH (
  'connector' = 'kafka',
  'topic' = 'clicks',
  'properties.bootstrap.servers' = 'kafka:9092',
  'format' = 'json'
);

create temporary table orders (
  order_id STRING,
  ts TIMESTAMP_LTZ(3),
  watermark for ts as ts - interval '1' second, -- want "table orders has a WATERMARK on 'upsert-kafka'"
  PRIMARY KEY (order_id) NOT ENFORCED
) with ('connector' = 'upsert-kafka', 'topic' = 'orders', 'key.format' = 'json', 'value.format' = 'json');

CREATE TABLE vendor_spelling (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts -- want "'scan.idle-timeout' is a vendor option, not Apache Flink's"
) WITH ('connector' = 'kafka', 'topic' = 'v', 'scan.idle-timeout' = '1 min', 'format' = 'json');

-- Copies all options of clicks but the connector's: still Kafka, still no timeout.
CREATE TABLE clicks_eu (
  WATERMARK FOR ts AS ts -- want "table clicks_eu has a WATERMARK"
) WITH ('topic' = 'clicks-eu') LIKE clicks (EXCLUDING WATERMARKS);

-- Look-alikes.
CREATE TABLE with_timeout (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'a', 'scan.watermark.idle-timeout' = '1 min', 'format' = 'json');

CREATE TABLE inherits_timeout (
  WATERMARK FOR ts AS ts
) LIKE with_timeout;

CREATE TABLE excludes_inherited (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts -- want "table excludes_inherited has a WATERMARK"
) WITH ('connector' = 'kafka', 'topic' = 'b', 'format' = 'json') LIKE with_timeout (EXCLUDING OPTIONS);

CREATE TABLE backfill (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka', 'topic' = 'c', 'scan.bounded.mode' = 'latest-offset', 'format' = 'json');

CREATE TABLE hinted (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka', 'topic' = 'd', 'format' = 'json');

CREATE TABLE generated (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'datagen');

CREATE TABLE files (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'filesystem', 'path' = '/data', 'format' = 'csv');
CREATE TABLE no_event_time (id STRING) WITH ('connector' = 'kafka', 'topic' = 'e', 'format' = 'json');
CREATE TABLE cdc (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'mysql-cdc', 'hostname' = 'db');
-- CREATE TABLE commented (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka');

SELECT COUNT(*) FROM hinted /*+ OPTIONS('scan.watermark.idle-timeout'='30 s') */;

-- A sink: written, never read, so no source generates its watermark.
CREATE TABLE enriched_clicks (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka', 'topic' = 'enriched', 'format' = 'json');
INSERT INTO enriched_clicks SELECT ts FROM clicks;
