#!/usr/bin/env bash
# The cost of a rerun after a one-file edit (issue 24), beside a cached
# rerun and a first run with an empty cache, on a copy of the corpus.
#
#   docs/perf/edit.sh [-n RUNS] [CORPUS]       # default /tmp/corpus, 5 rounds
#
# Each round: a first run into an empty cache directory, a rerun (nothing
# changed), then a line appended to one Java job file (the first that
# builds a StreamExecutionEnvironment) and a rerun. Timed by
# /usr/bin/time; prints medians and the ratios to the first run.
# FLINKLINT is the binary (default: built from this checkout).
set -euo pipefail
runs=5
if [ "${1:-}" = -n ]; then runs=$2; shift 2; fi
corpus=${1:-/tmp/corpus}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${FLINKLINT:-}" ]; then
  (cd "$repo" && go build -o "$work/flinklint" ./cmd/flinklint)
  FLINKLINT=$work/flinklint
fi
cp -r "$corpus" "$work/tree"
job=$(grep -rl --include='*.java' StreamExecutionEnvironment "$work/tree" | sort | sed -n 1p) # sed reads all: head's early exit would fail the pipe under pipefail
echo "edited file: ${job#"$work/tree/"}"
# shellcheck source=docs/perf/timed.sh
source "$repo/docs/perf/timed.sh"
echo "uptime before: $(uptime)"
for i in $(seq "$runs"); do
  rm -rf "$work/cache"
  timed first "$FLINKLINT" -cache-dir "$work/cache" "$work/tree"
  timed cached "$FLINKLINT" -cache-dir "$work/cache" "$work/tree"
  echo "// edited $i" >>"$job"
  timed edited "$FLINKLINT" -cache-dir "$work/cache" "$work/tree"
done
echo "uptime after: $(uptime)"
python3 - "$work/log" <<'PY'
import sys, statistics as st
rows = {}
for line in open(sys.argv[1]):
    name, wall, user, sys_, rss = line.split()
    rows.setdefault(name, []).append((float(wall), float(user) + float(sys_), int(rss) / 1024))
print("%-8s %8s %8s %8s" % ("", "wall s", "CPU s", "peak MB"))
for name, r in rows.items():
    print("%-8s %8.2f %8.2f %8.0f" % (name, st.median(x[0] for x in r), st.median(x[1] for x in r), st.median(x[2] for x in r)))
first = rows["first"]
for name in ("cached", "edited"):
    r = rows[name]
    print("%s / first run, median of per-round ratios: wall %.3f, CPU %.3f" % (name,
          st.median(a[0] / b[0] for a, b in zip(r, first)), st.median(a[1] / b[1] for a, b in zip(r, first))))
PY
