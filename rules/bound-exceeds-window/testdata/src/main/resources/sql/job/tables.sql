-- Tables of one SQL client job (one directory).
CREATE TABLE clicks (
  user_id STRING,
  ts TIMESTAMP(3),
  proc AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '30' MINUTE -- want "watermark delay of 30 min exceeds the 1 min size of the TUMBLE window\\nhelp: .*\\nnote: each window fires only once a row at least 30 min past its end arrives, and about 31 windows per key"
) WITH ('connector' = 'kafka', 'topic' = 'clicks', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE orders (
  id STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '2' HOUR -- want "watermark delay of 2 h exceeds the 10 min gap of the SESSION window"
) WITH ('connector' = 'kafka', 'topic' = 'orders', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE payments (
  id STRING,
  pay_time TIMESTAMP(3),
  WATERMARK FOR pay_time AS pay_time - INTERVAL '3' DAY -- want "delay of 3 days exceeds the 1 h size of the TUMBLE window"
) WITH ('connector' = 'kafka', 'topic' = 'payments', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE shipments (
  id STRING,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time - INTERVAL '10' MINUTES -- want "delay of 10 min exceeds the 1 min step of the CUMULATE window"
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
