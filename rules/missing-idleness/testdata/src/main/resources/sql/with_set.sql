SET 'table.exec.source.idle-timeout' = '1 min';

CREATE TABLE payments (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'payments', 'format' = 'json');
