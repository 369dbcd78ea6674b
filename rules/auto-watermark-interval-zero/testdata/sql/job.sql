SET 'pipeline.auto-watermark-interval' = '0'; -- want "the WATERMARK of table clicks emits"

CREATE TABLE clicks (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'clicks', 'format' = 'json', 'scan.watermark.idle-timeout' = '1 min');

-- This table emits watermarks per event, which needs no interval.
CREATE TABLE alerts (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka', 'topic' = 'alerts', 'format' = 'json', 'scan.watermark.emit.strategy' = 'on-event');
