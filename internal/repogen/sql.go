package repogen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// sqlJobText is a Flink SQL script for the SQL client: a Kafka table with
// a watermark, a sink and a windowed INSERT, with s.bug planted.
func sqlJobText(s *spec) string {
	r := s.r
	topic := pick(r, topics)
	src := topic + "_" + fmt.Sprint(s.i)
	idle := fmt.Sprintf("\n  'scan.watermark.idle-timeout' = '%d s',", between(r, 10, 300))
	switch s.bug {
	case sqlNoIdle:
		idle = ""
	case sqlBadDuration:
		idle = "\n  'scan.watermark.idle-timeout' = '1 mi',"
	}
	tsCol, tsComment := "event_ms", "epoch millis"
	if s.bug == sqlSeconds {
		tsCol, tsComment = "event_sec", "epoch seconds, set by the producer"
	}
	var b strings.Builder
	fmt.Fprintf(&b, `-- %[1]s per window, for the SQL client:
--   sql-client.sh -f %[2]s.sql

SET 'pipeline.name' = '%[2]s';

CREATE TABLE %[3]s (
  id          STRING,
  %[4]s       STRING,
  amount      DECIMAL(10, 2),
  %[5]s    BIGINT,                                -- %[6]s
  event_time  AS TO_TIMESTAMP_LTZ(%[5]s, 3),
  WATERMARK FOR event_time AS event_time - INTERVAL '%[7]d' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = '%[8]s',
  'properties.bootstrap.servers' = 'kafka:9092',
  'properties.group.id' = '%[2]s',%[9]s
  'scan.startup.mode' = 'latest-offset',
  'format' = 'json'
);

CREATE TABLE %[3]s_per_window (
  window_start TIMESTAMP(3),
  %[4]s        STRING,
  total        DECIMAL(12, 2),
  events       BIGINT
) WITH ('connector' = 'print');

INSERT INTO %[3]s_per_window
SELECT window_start, %[4]s, SUM(amount) AS total, COUNT(*) AS events
FROM TABLE(TUMBLE(TABLE %[3]s, DESCRIPTOR(event_time), INTERVAL '%[10]d' MINUTE))
GROUP BY window_start, window_end, %[4]s;
`, pick(r, jobWords), s.name, src, pick(r, []string{"region", "owner", "status", "currency"}), tsCol, tsComment,
		between(r, 1, 30), topic, idle, between(r, 1, 60))
	return b.String()
}

// migration is a JDBC schema migration: SQL that is not Flink's.
func migration(s *spec) string {
	r := s.r
	table := lower(pick(r, nouns)) + "s"
	var b strings.Builder
	fmt.Fprintf(&b, "-- %s: schema of %s\n\nCREATE TABLE %s (\n  id BIGINT NOT NULL,\n", s.name, table, table)
	for j := range between(r, 3, 12) {
		fmt.Fprintf(&b, "  %s_%d %s,\n", pick(r, fields), j, pick(r, []string{"VARCHAR(255)", "BIGINT", "INT", "DECIMAL(12, 2)", "TIMESTAMP(3)", "BOOLEAN", "DATE"}))
	}
	b.WriteString("  created_at TIMESTAMP(3) NOT NULL,\n  PRIMARY KEY (id) NOT ENFORCED\n);\n")
	for j := range between(r, 0, 20) {
		fmt.Fprintf(&b, "\nINSERT INTO %s (id, created_at) VALUES (%d, TIMESTAMP '2024-0%d-1%d 10:00:00');\n", table, j+1, between(r, 1, 9), between(r, 0, 9))
	}
	return b.String()
}

// flinkConf is the root flink-conf.yaml (flat keys, no mistakes).
func flinkConf(r *rand.Rand) string {
	return fmt.Sprintf(`# Cluster defaults for every job of the platform.
jobmanager.rpc.address: flink-jobmanager
taskmanager.numberOfTaskSlots: %d
parallelism.default: %d
pipeline.auto-watermark-interval: %d ms
execution.checkpointing.interval: %d s
execution.checkpointing.timeout: 10 min
table.exec.state.ttl: %d h
state.backend.type: rocksdb
`, between(r, 1, 8), between(r, 1, 16), between(r, 100, 1000), between(r, 10, 120), between(r, 1, 48))
}

// nestedConfig is a deployment's config.yaml (Flink 1.19+ nested keys).
func nestedConfig(r *rand.Rand) string {
	return fmt.Sprintf(`execution:
  checkpointing:
    interval: %d s
    mode: EXACTLY_ONCE
pipeline:
  auto-watermark-interval: %d ms
taskmanager:
  numberOfTaskSlots: %d
`, between(r, 10, 120), between(r, 100, 1000), between(r, 1, 8))
}

// applicationYAML is a service's settings, which Flink does not read.
func applicationYAML(r *rand.Rand) string {
	return fmt.Sprintf(`server:
  port: %d
spring:
  datasource:
    url: jdbc:postgresql://db-%d:5432/acme
    hikari:
      connection-timeout: %ds
  jackson:
    serialization:
      write-dates-as-timestamps: false
management:
  endpoints:
    web:
      exposure:
        include: health,metrics
`, between(r, 8000, 9000), between(r, 1, 5), between(r, 5, 60))
}
