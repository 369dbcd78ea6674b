SET 'pipeline.auto-watermark-interval' = '0';

CREATE TABLE alerts (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka', 'topic' = 'alerts', 'format' = 'json', 'scan.watermark.emit.strategy' = 'on-event');

-- Without watermark push-down the planner's WatermarkAssignerOperator emits
-- on every advance when the interval is 0.
CREATE TABLE archive (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'filesystem', 'path' = '/data/archive', 'format' = 'csv');
