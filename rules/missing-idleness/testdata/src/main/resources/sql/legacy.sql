-- 1.10-era property style: still a Kafka table with partitions that go quiet.
CREATE TABLE legacy_orders (
  item STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND -- want "(?s)table legacy_orders has a WATERMARK on 'kafka' and no idle timeout.*legacy 'connector.type' tables have no per-table timeout"
) WITH (
  'connector.type' = 'kafka',
  'connector.version' = 'universal',
  'connector.topic' = 'orders',
  'format.type' = 'json'
);

-- Look-alikes: a legacy file system table, and a legacy Kafka table with no
-- event time.
CREATE TABLE legacy_files (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector.type' = 'filesystem', 'connector.path' = '/tmp/in', 'format.type' = 'csv');

CREATE TABLE legacy_plain (
  item STRING
) WITH ('connector.type' = 'kafka', 'connector.version' = 'universal', 'connector.topic' = 'plain');
