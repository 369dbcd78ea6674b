CREATE TABLE clicks (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka', 'topic' = 'clicks', 'format' = 'json');

INSERT INTO out SELECT * FROM clicks;
