package repogen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// bug is a planted mistake, of a shape one rule reports.
type bug uint8

const (
	noBug           bug = iota
	globalNoTrigger     // window(GlobalWindows.create()) and no trigger
	zeroIdle            // withIdleness(Strategies.DEFAULT_IDLE), a Duration.ZERO in another file
	secondsAssigner     // a timestamp assigner returning getEpochSecond()
	noIdleness          // a Kafka source's strategy without withIdleness, feeding an event-time window
	assignAfter         // fromSource(..., noWatermarks(), ...) then assignTimestampsAndWatermarks
	procLateness        // allowedLateness on a processing-time window
	lateTagUnread       // sideOutputLateData(tag) and no getSideOutput(tag)
	sqlNoIdle           // a Kafka table with a WATERMARK and no idle timeout
	sqlSeconds          // TO_TIMESTAMP_LTZ(epoch seconds, 3)
	sqlBadDuration      // an idle timeout Flink cannot parse
)

func (b bug) rule() string {
	switch b {
	case globalNoTrigger:
		return "global-window-no-trigger"
	case zeroIdle:
		return "zero-idle-timeout"
	case secondsAssigner, sqlSeconds:
		return "seconds-timestamp"
	case noIdleness, sqlNoIdle:
		return "missing-idleness"
	case assignAfter:
		return "assign-after-source"
	case procLateness:
		return "ineffective-lateness"
	case lateTagUnread:
		return "late-tag-unread"
	case sqlBadDuration:
		return "invalid-duration"
	}
	return ""
}

// bugsOf lists the mistakes planted in each kind of job.
var bugsOf = map[kind][]bug{
	javaJob:  {globalNoTrigger, zeroIdle, secondsAssigner, noIdleness, assignAfter, procLateness, lateTagUnread},
	scalaJob: {globalNoTrigger, noIdleness, procLateness, lateTagUnread},
	sqlJob:   {sqlNoIdle, sqlSeconds, sqlBadDuration},
}

// role is what an ordinary class is for: it picks its package, name and
// members.
type role struct {
	suffix, pkg string
	test        bool
}

var roles = []role{
	{"Service", "service", false},
	{"Dto", "model", false},
	{"Record", "model", false},
	{"Utils", "util", false},
	{"Repository", "repository", false},
	{"Controller", "web", false},
	{"Window", "ui", false},
	{"ServiceTest", "service", true},
	{"UtilsTest", "util", true},
}

var (
	nouns = []string{
		"Order", "Invoice", "Customer", "Payment", "Shipment", "Product", "Cart", "Refund", "Coupon", "Account",
		"Session", "Click", "Review", "Warehouse", "Supplier", "Price", "Discount", "Ticket", "Campaign", "Ledger",
		"Transfer", "Subscription", "Address", "Parcel", "Device", "Alert", "Metric", "Report", "Audit", "Token",
	}
	jobWords  = []string{"Aggregation", "Enrichment", "Monitor", "Dedup", "Rollup", "Alerting", "Sessionization", "Join", "Export"}
	verbs     = []string{"load", "find", "update", "compute", "validate", "merge", "resolve", "apply", "build", "refresh", "archive", "publish"}
	fields    = []string{"id", "name", "status", "amount", "currency", "createdAt", "updatedAt", "owner", "region", "quantity", "note", "version", "timeout", "retries"}
	envs      = []string{"dev", "staging", "prod", "eu", "us"}
	topics    = []string{"orders", "payments", "clicks", "shipments", "refunds", "inventory", "sessions", "alerts"}
	javaTypes = []string{"String", "long", "int", "BigDecimal", "Timestamp", "Instant", "Duration", "boolean", "LocalDate"}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func lower(s string) string { return strings.ToLower(s) }

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// between returns a number in [lo, hi].
func between(r *rand.Rand, lo, hi int) int { return lo + r.IntN(hi-lo+1) }

// targetSize draws an ordinary file's size: log-uniform in 1–20 KB.
func targetSize(r *rand.Rand) int {
	const lo, hi = 1000.0, 20000.0
	return int(lo * math.Pow(hi/lo, r.Float64()))
}

// header is the licence comment most files of a company's repository start
// with (two in three here): real code has about a fifth of comments, which
// parse cheaply.
func header(r *rand.Rand) string {
	if r.IntN(3) == 0 {
		return ""
	}
	return fmt.Sprintf(`/*
 * Copyright %d acme shop GmbH. All rights reserved.
 *
 * This file is part of the acme platform and is distributed under the terms
 * of the acme internal licence, version %d. You may not use, copy or modify
 * it except as that licence allows. See LICENCE.md at the root of the
 * repository for the full text, and NOTICE.md for third-party components.
 */
`, between(r, 2015, 2025), between(r, 1, 3))
}

// javadoc documents a method half of the time.
func javadoc(b *strings.Builder, r *rand.Rand, ind, name string) {
	if r.IntN(2) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%[1]s/**\n%[1]s * %[2]s: %[3]s.\n%[1]s *\n%[1]s * <p>Callers must not hold a lock; the result is never null.\n%[1]s */", ind, name,
		pick(r, []string{"looks the value up in the index and falls back to the default",
			"sums the positive amounts with the fee applied", "retries with a growing pause between attempts",
			"reads the rows created since the given day", "checks the fields before they are stored"}))
}
