#!/usr/bin/env bash
# Starts the live cluster of flinklint diagnose's CI check (.ci/diagnose):
# builds this harness with Maven, starts a Flink 1.20.3 MiniCluster in the
# background with one seeded job per mode (README.md), waits for it to
# write DIAGNOSE_OUT, prints it, and returns with the cluster running.
#
#   DIAGNOSE_OUT=/tmp/d/cluster.json DIAGNOSE_STOP=/tmp/d/stop testdata/flink/diagnose/run.sh
#
# DIAGNOSE_MODES (comma-separated) picks modes; DIAGNOSE_LIFETIME (seconds,
# default 900) bounds the cluster's life; touching DIAGNOSE_STOP ends it.
# The cluster's log is DIAGNOSE_OUT.log. MAVEN_ARGS are passed to mvn.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${DIAGNOSE_OUT:?set DIAGNOSE_OUT}" "${DIAGNOSE_STOP:?set DIAGNOSE_STOP}"
rm -f "$DIAGNOSE_OUT" "$DIAGNOSE_STOP"
cp=$here/target/classpath.txt
log=$DIAGNOSE_OUT.log
# shellcheck disable=SC2086
if ! mvn -B -ntp -q -f "$here/pom.xml" ${MAVEN_ARGS:-} compile dependency:build-classpath -Dmdep.outputFile="$cp" >"$log" 2>&1; then
  cat "$log"
  exit 1
fi
nohup java -Xmx1g -cp "$here/target/classes:$(cat "$cp")" dev.flinklint.diagnose.Harness >"$log" 2>&1 &
pid=$!
for _ in $(seq 240); do
  if [ -s "$DIAGNOSE_OUT" ]; then
    cat "$DIAGNOSE_OUT"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then
    break
  fi
  sleep 1
done
echo "the diagnose harness did not start (log $log):"
tail -n 40 "$log"
kill "$pid" 2>/dev/null || true
exit 1
