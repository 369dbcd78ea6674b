-- All silent. In SQL the record timestamp is the rowtime only where a table
-- declares it (METADATA FROM 'timestamp'), which states the choice
-- (flink-semantics R10), even where the rows carry a time of their own.
-- The watermark is on the Kafka record's timestamp, though the rows carry
-- their own event time (order_time).
CREATE TABLE payments (
  payment_id STRING,
  amount DECIMAL(10, 2),
  order_time TIMESTAMP(3),
  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'payments',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);

-- The metadata column named after its key, through a computed column.
CREATE TABLE refunds (
  refund_id STRING,
  createdAt BIGINT,
  `timestamp` TIMESTAMP_LTZ(3) METADATA VIRTUAL,
  rowtime AS CAST(`timestamp` AS TIMESTAMP(3)),
  WATERMARK FOR rowtime AS rowtime
) WITH (
  'connector' = 'kafka',
  'topic' = 'refunds',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);


-- The watermark is on the event's own time.
CREATE TABLE shipments (
  shipment_id STRING,
  shipped_at TIMESTAMP(3),
  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  WATERMARK FOR shipped_at AS shipped_at - INTERVAL '5' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'shipments',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);

-- The rows have no time of their own: the record timestamp is the only one.
CREATE TABLE clicks (
  user_id STRING,
  product_id STRING,
  event_ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  WATERMARK FOR event_ts AS event_ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'clicks',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);

-- Debezium's source timestamp is the database's commit time, not the record's.
CREATE TABLE customers (
  id BIGINT,
  updated_at TIMESTAMP(3),
  changed_at TIMESTAMP_LTZ(3) METADATA FROM 'value.source.timestamp' VIRTUAL,
  WATERMARK FOR changed_at AS changed_at
) WITH (
  'connector' = 'kafka',
  'topic' = 'dbserver.customers',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'debezium-json'
);

-- The project's producer (Producers.java) stamps "orders" with the event time.
CREATE TABLE orders (
  order_id STRING,
  order_time TIMESTAMP(3),
  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
  WATERMARK FOR ts AS ts
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = 'localhost:9092',
  'format' = 'json'
);

-- Not Kafka.
CREATE TABLE files (
  line STRING,
  line_time TIMESTAMP(3),
  WATERMARK FOR line_time AS line_time
) WITH (
  'connector' = 'filesystem',
  'path' = '/tmp/files',
  'format' = 'csv'
);
