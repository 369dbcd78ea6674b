-- A benchmark fills the source table in at run time: ${SOURCE} may be the Kafka table.
CREATE TABLE events_kafka (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '4' SECOND -- want "table events_kafka has a WATERMARK"
) WITH ('connector' = 'kafka', 'topic' = 'events', 'format' = 'json');

CREATE TABLE events_gen (ts TIMESTAMP(3)) WITH ('connector' = 'datagen');

INSERT INTO events_kafka SELECT ts FROM events_gen;

CREATE VIEW events AS SELECT * FROM ${SOURCE};
