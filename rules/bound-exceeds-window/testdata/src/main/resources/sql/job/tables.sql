-- Tables of one SQL client job (one directory).
CREATE TABLE clicks (
  user_id STRING,
  ts TIMESTAMP(3),
  proc AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '30' MINUTE -- want "the watermark of table clicks trails its rows by 30 min, more than the size \\(1 min\\) of the TUMBLE window at windows.sql:4: each window fires only once a row at least 30 min past its end arrives, and about 31 windows per key"
) WITH ('connector' = 'kafka', 'topic' = 'clicks', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE orders (
  id STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '2' HOUR -- want "the watermark of table orders trails its rows by 2 h, more than the gap \\(10 min\\) of the SESSION window"
) WITH ('connector' = 'kafka', 'topic' = 'orders', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE payments (
  id STRING,
  pay_time TIMESTAMP(3),
  WATERMARK FOR pay_time AS pay_time - INTERVAL '3' DAY -- want "trails its rows by 3 days, more than the size \\(1 h\\) of the TUMBLE window.*info only"
) WITH ('connector' = 'kafka', 'topic' = 'payments', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE shipments (
  id STRING,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time - INTERVAL '10' MINUTES -- want "trails its rows by 10 min, more than the step \\(1 min\\) of the CUMULATE window"
) WITH ('connector' = 'kafka', 'topic' = 'shipments', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

-- Look-alikes: the bound is within the window, or the window uses processing time.
CREATE TABLE views (
  page STRING,
  ts TIMESTAMP(3),
  proc AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'kafka', 'topic' = 'views', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE searches (
  q STRING,
  ts TIMESTAMP(3),
  proc AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '1' HOUR
) WITH ('connector' = 'kafka', 'topic' = 'searches', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');
