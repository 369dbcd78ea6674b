-- Another project of the same repository: the conf/ of its sibling does not apply here.
CREATE TABLE views (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts -- want "table views has a WATERMARK"
) WITH ('connector' = 'kafka', 'topic' = 'views', 'format' = 'json');
