SET 'pipeline.auto-watermark-interval' = '0';

CREATE TABLE alerts (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka', 'topic' = 'alerts', 'format' = 'json', 'scan.watermark.emit.strategy' = 'on-event');
