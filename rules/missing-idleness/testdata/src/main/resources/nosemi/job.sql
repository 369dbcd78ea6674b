-- A script for a runner that splits statements at blank lines: no semicolons.
CREATE TABLE clicks (
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND -- want "table clicks has a WATERMARK on 'kafka'"
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

-- the query that reads the Kafka table
INSERT INTO counts
SELECT url, COUNT(*) FROM clicks GROUP BY url, TUMBLE(ts, INTERVAL '1' MINUTE)
