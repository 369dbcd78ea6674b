CREATE TABLE clicks (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts -- want "(?s)and no idle timeout\n.*note: the clusters' table.exec.source.idle-timeout, 0 ms in the flinklint settings, turns idleness off$"
) WITH ('connector' = 'kafka', 'topic' = 'clicks', 'format' = 'json');

INSERT INTO out SELECT * FROM clicks;
