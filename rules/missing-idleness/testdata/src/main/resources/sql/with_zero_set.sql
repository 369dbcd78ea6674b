SET 'table.exec.source.idle-timeout' = '0 ms';

CREATE TABLE refunds (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts -- want "table refunds has a WATERMARK"
) WITH ('connector' = 'kinesis', 'stream' = 'refunds', 'format' = 'json');
