#!/usr/bin/env bash
# The violations of rules/flink2-removed-api fail to compile on Flink 2.0.0:
# builds this module (the unfixed Java testdata against 2.0.0, connector
# 4.0.0-2.0) and passes when javac rejects every file of fixable/ and removed/
# and none of lookalike/. Not part of run.sh's reactor, since it must fail.
set -u
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp -t flink2-on-flink2.XXXXXX)
if mvn -B -ntp -f "$here/pom.xml" clean verify >"$log" 2>&1; then
  echo "FAILED: the unfixed testdata compiled on Flink 2.0.0 (log $log)"; exit 1
fi
src=$(cd "$here/../../../rules/flink2-removed-api/testdata/src/main/java" && pwd)
rc=0
for f in $(cd "$src" && find fixable removed -name '*.java' | sort); do
  grep -q "^\[ERROR\] $src/$f:" "$log" || { echo "FAILED: $f compiled on Flink 2.0.0"; rc=1; }
done
if grep -q "^\[ERROR\] $src/lookalike/" "$log"; then echo "FAILED: a look-alike does not compile on Flink 2.0.0"; rc=1; fi
[ "$rc" -eq 0 ] && echo "OK: every violation file fails on Flink 2.0.0, the look-alikes compile (log $log)"
exit "$rc"
