-- Look-alike: the same script with a global idle timeout, also unterminated.
SET 'table.exec.source.idle-timeout' = '1 min'

CREATE TABLE clicks (
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
  'connector.type' = 'kafka',
  'connector.version' = 'universal',
  'connector.topic' = 'clicks',
  'format.type' = 'json'
)

CREATE TABLE counts (
  url STRING,
  n BIGINT
) WITH (
  'connector.type' = 'jdbc',
  'connector.url' = 'jdbc:mysql://db/stats',
  'connector.table' = 'counts'
)

INSERT INTO counts
SELECT url, COUNT(*) FROM clicks GROUP BY url, TUMBLE(ts, INTERVAL '1' MINUTE)
