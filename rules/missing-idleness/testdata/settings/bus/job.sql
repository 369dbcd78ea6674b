CREATE TABLE clicks (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts -- want "(?m)WATERMARK on 'my-bus' and no idle timeout\nhelp: SET 'table.exec.source.idle-timeout' = '1 min' \\(Flink 1.17, which the project targets, has no per-table 'scan.watermark.idle-timeout'\\)$"
) WITH ('connector' = 'my-bus', 'topic' = 'clicks', 'format' = 'json');

CREATE TABLE other (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'other-bus', 'topic' = 'clicks', 'format' = 'json');

INSERT INTO out SELECT * FROM clicks JOIN other ON true;
