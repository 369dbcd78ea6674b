#!/usr/bin/env bash
# Ground truth for flinklint (issue 12): compiles all Java and Scala testdata
# against Flink 1.20.3 and, when testdata/flink/semantics exists, runs the
# semantic suite on a local mini cluster. One Maven invocation.
#
#   testdata/flink/run.sh [extra mvn arguments, e.g. -Dmaven.repo.local=/tmp/m2]
#
# MAVEN_OPTS and MAVEN_ARGS (extra arguments, split on spaces) are honoured.
# Prints the per-module summary (and the errors, on failure); exits non-zero
# when any module fails.
set -u
here=$(cd "$(dirname "$0")" && pwd)
log=${FLINK_GROUND_TRUTH_LOG:-$(mktemp -t flink-ground-truth.XXXXXX)}
start=$(date +%s)
# -fae: one failing module does not hide another (modules do not depend on each other).
# shellcheck disable=SC2086
mvn -B -ntp -fae -f "$here/pom.xml" ${MAVEN_ARGS:-} "$@" clean verify >"$log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))

# The reactor summary: one line per module with SUCCESS, FAILURE or SKIPPED.
sed -n '/Reactor Summary/,/BUILD \(SUCCESS\|FAILURE\)/p' "$log" \
  | sed -e 's/^\[INFO\] //' -e '/^-*$/d' -e '/^Reactor Summary/d'
grep -E '^\[(INFO|WARNING|ERROR)\] Tests run:.*Fail' "$log" | grep -v 'Time elapsed' | sed 's/^\[[A-Z]*\] /semantics: /' | tail -n 5
if [ "$rc" -ne 0 ]; then
  echo
  echo "== errors (full log: $log)"
  grep -E '^\[ERROR\]|error:' "$log" | grep -v -E '^\[ERROR\] *(-> \[Help|$|Re-run Maven|To see the full|For more information|\[Help|After correcting)' | head -n 80
  if ! grep -q 'Reactor Summary' "$log"; then tail -n 40 "$log"; fi
fi
echo "flink ground truth: $( [ "$rc" -eq 0 ] && echo OK || echo FAILED ) in ${secs}s (mvn exit $rc; log $log)"
exit "$rc"
