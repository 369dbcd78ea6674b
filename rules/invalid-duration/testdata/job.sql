SET 'table.exec.source.idle-timeout' = '1 mi'; -- want "table.exec.source.idle-timeout = '1 mi' is not a duration Flink can read"
SET 'pipeline.auto-watermark-interval' = '-1 ms'; -- want "is not a duration"
SET 'table.exec.state.ttl' = '1.5 h'; -- want "is not a duration"
SET 'execution.checkpointing.interval' = '5 mins'; -- want "'5 mins' is not a duration"
SET 'execution.checkpointing.timeout' = '2HRS'; -- want "'2HRS' is not a duration"
SET "execution.checkpointing.min-pause" = "500 msec"; -- want "'500 msec' is not a duration"
SET 'table.exec.state.ttl' = '1 h 30 mins'; -- want "is not a duration"
SET 'table.exec.source.idle-timeout' = '1 minn'; -- want "is not a duration"

CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH (
  'connector' = 'kafka',
  'scan.watermark.idle-timeout' = '30sec0', -- want "scan.watermark.idle-timeout = '30sec0'"
  'scan.watermark.alignment.max-drift' = ' 30  hrs ', -- want "' 30  hrs ' is not a duration"
  'format' = 'json'
);

-- Look-alikes: valid durations, and keys that are not durations.
SET 'table.exec.source.idle-timeout' = '1 min';
SET 'table.exec.source.idle-timeout' = '60000';
-- 'm' is a label for minutes since Flink 1.15 (FLINK-24886).
SET 'table.exec.source.idle-timeout' = '1m';
SET 'pipeline.auto-watermark-interval' = '200ms';
SET 'table.exec.state.ttl' = '36 h';
SET 'execution.checkpointing.interval' = '10 s';
SET 'execution.runtime-mode' = 'streaming';
SET 'parallelism.default' = '1m';
