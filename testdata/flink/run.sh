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
root=$(cd "$here/../.." && pwd)

# Guard: every Java/Scala source set of the example and of the rules' testdata
# has a module (sourceDirectory, scala.src or golden.src names it), and every
# directory holding .golden files has a golden module, so that a new rule's
# testdata cannot go uncompiled unnoticed.
missing=0
while IFS= read -r d; do
  rel=${d#"$root"/}
  if ! grep -q -F -e "../../../$rel<" -e "../../../$rel</" "$here"/*/pom.xml; then
    echo "no module compiles $rel (add one to testdata/flink/pom.xml)"; missing=1
  fi
  if [ -n "$(find "$d" -name '*.golden' -print -quit)" ] && ! grep -q -F "<golden.src>\${project.basedir}/../../../$rel</golden.src>" "$here"/*/pom.xml; then
    echo "no golden module compiles the .golden files of $rel"; missing=1
  fi
done < <(find "$root/testdata/example" "$root"/rules/*/testdata -type d \( -name java -o -name scala \) -path '*/src/main/*' | sort)
log=${FLINK_GROUND_TRUTH_LOG:-$(mktemp -t flink-ground-truth.XXXXXX)}
start=$(date +%s)
# -fae: one failing module does not hide another (modules do not depend on each other).
# shellcheck disable=SC2086
mvn -B -ntp -fae -f "$here/pom.xml" ${MAVEN_ARGS:-} "$@" clean verify >"$log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))

# Guard: a compile module that compiled nothing (a source path gone wrong) fails.
for pom in "$here"/*/pom.xml; do
  m=$(dirname "$pom"); name=$(basename "$m")
  case $name in java-parent|scala-parent|semantics) continue ;; esac
  if [ -d "$m/target" ] && [ -z "$(find "$m/target/classes" -name '*.class' -print -quit 2>/dev/null)" ]; then
    echo "module $name compiled no class"; missing=1
  fi
done
[ "$missing" -ne 0 ] && [ "$rc" -eq 0 ] && rc=3

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
echo "flink ground truth: $( [ "$rc" -eq 0 ] && echo OK || echo FAILED ) in ${secs}s (exit $rc; log $log)"
exit "$rc"
