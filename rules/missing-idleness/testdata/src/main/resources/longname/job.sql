-- A long table name is shortened in the headline, which must read at a glance.
CREATE TABLE catalog_of_the_platform.database_of_the_team.g05_new_kafka_enterprise_tel_ul_tx_events (
  id STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND -- want "^table catalog_of_the_platform.database_o\\.\\.\\. has a WATERMARK on 'kafka' and no idle timeout\n"
) WITH ('connector' = 'kafka', 'topic' = 'tx', 'format' = 'json');

SELECT id FROM catalog_of_the_platform.database_of_the_team.g05_new_kafka_enterprise_tel_ul_tx_events;
