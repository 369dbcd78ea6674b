#!/usr/bin/env bash
# Paired side-by-side timing of flinklint and the ast-grep baseline (issue 10).
#
#   docs/perf/compare.sh [-n RUNS] [CORPUS]        # the performance corpus (default /tmp/corpus)
#   docs/perf/compare.sh [-n RUNS] -generated N    # a generated repository of N files (internal/repogen)
#
# Each round runs flinklint cold (with -no-cache when the binary has that
# flag), flinklint cached (a second, unchanged run; only with a cache), then
# the ast-grep rule set, one after another, so that both see the same load.
# Every run is timed by /usr/bin/time -f '%e %U %S %M'. It prints one line
# per run, then the medians of wall time, CPU (user+sys) and peak RSS, and
# the median of the per-round ratios flinklint/ast-grep.
#
# Environment: FLINKLINT (a binary; default: built from this checkout),
# AST_GREP (default: ast-grep on PATH), BASELINE (the ast-grep-baseline
# folder with run.sh; default /work/shared/perf/ast-grep-baseline).
# Run from anywhere; needs GNU time and python3.
set -euo pipefail

runs=7 generated=""
while [ $# -gt 0 ]; do
  case $1 in
    -n) runs=$2; shift 2 ;;
    -generated) generated=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) echo "unknown flag $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${FLINKLINT:-}" ]; then
  (cd "$repo" && go build -o "$work/flinklint" ./cmd/flinklint)
  FLINKLINT=$work/flinklint
fi
AST_GREP=${AST_GREP:-ast-grep}
BASELINE=${BASELINE:-/work/shared/perf/ast-grep-baseline}
export AST_GREP

if [ -n "$generated" ]; then
  target=$work/repo
  (cd "$repo" && go run ./internal/repogen/gen.go -files "$generated" -seed 1 "$target")
  echo "generated $generated files: $(du -sh "$target" | cut -f1)"
else
  target=${1:-/tmp/corpus}
  [ -d "$target" ] || { echo "no corpus at $target: see docs/perf/README.md" >&2; exit 2; }
fi

cold=() cached=""
# The whole help is read (grep -c, not -q): grep -q stops at the first
# match, and under pipefail the binary's SIGPIPE would fail the test at
# random and time cached runs as cold ones.
if [ "$("$FLINKLINT" -h 2>&1 | grep -c -- '-no-cache')" -gt 0 ]; then
  cold=(-no-cache)
  cached=yes
  "$FLINKLINT" "$target" >/dev/null 2>&1 || true # fills the cache
fi

# shellcheck source=docs/perf/timed.sh
source "$repo/docs/perf/timed.sh"

echo "uptime before: $(uptime)"
echo "name wall_s user_s sys_s maxrss_kb"
for i in $(seq "$runs"); do
  timed flinklint-cold "$FLINKLINT" "${cold[@]}" "$target"
  [ -n "$cached" ] && timed flinklint-cached "$FLINKLINT" "$target"
  timed ast-grep bash "$BASELINE/run.sh" "$target" "$work/sg.out"
done
echo "uptime after: $(uptime)"

python3 - "$work/log" <<'PY'
import sys, statistics as st
rows = {}
for line in open(sys.argv[1]):
    name, wall, user, sys_, rss = line.split()
    rows.setdefault(name, []).append((float(wall), float(user) + float(sys_), int(rss) / 1024))
print("\n%-17s %8s %8s %9s  (medians of %d runs)" % ("", "wall s", "CPU s", "peak MB", len(rows["ast-grep"])))
for name, r in rows.items():
    print("%-17s %8.2f %8.2f %9.0f" % (name, st.median(x[0] for x in r), st.median(x[1] for x in r), st.median(x[2] for x in r)))
sg = rows["ast-grep"]
for name in ("flinklint-cold", "flinklint-cached"):
    if name in rows:
        r = rows[name]
        print("%s / ast-grep, median of per-round ratios: wall %.2f, CPU %.2f, peak memory %.1f" % (name,
              st.median(a[0] / b[0] for a, b in zip(r, sg)),
              st.median(a[1] / b[1] for a, b in zip(r, sg)),
              st.median(a[2] / b[2] for a, b in zip(r, sg))))
PY
