SET 'table.exec.source.idle-timeout' = '0'; -- want "table.exec.source.idle-timeout = '0' turns source idleness off for the whole job"
SET 'table.exec.source.idle-timeout' = '0 ms'; -- want "idleness off"
SET table.exec.source.idle-timeout = 0s; -- want "idleness off"

CREATE TABLE clicks (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH (
  'connector' = 'kafka',
  'scan.watermark.idle-timeout' = '0 min', -- want "(?s)turns idleness off for this table\n.*overrides a non-zero"
  'format' = 'json'
);

SELECT * FROM clicks /*+ OPTIONS('scan.watermark.idle-timeout' = '0') */; -- want "scan.watermark.idle-timeout = '0'"

-- Look-alikes: other zero options, and positive timeouts.
SET 'table.exec.state.ttl' = '0';
SET 'execution.checkpointing.interval' = '0';
SET 'table.exec.source.idle-timeout' = '30 s';
SET 'table.exec.source.idle-timeout' = '100';
-- SET 'table.exec.source.idle-timeout' = '0';
