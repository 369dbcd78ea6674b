#!/usr/bin/env bash
# Ground truth for flinklint's Python testdata (issue 13), against the real
# apache-flink 1.20.5 package:
#   1. a venv with apache-flink==1.20.5 (created once, then reused) and the
#      Kafka connector jars (Maven Central, copied into the venv directory);
#   2. harness.py: every Python testdata file is imported and each of its
#      pipeline_ cases built (never executed); then the harness's negative
#      self-check (negative/*.py must fail, case by case);
#   3. fixes/jobs/<rule>/: broken jobs, fixed by flinklint -fix -unsafe-fixes
#      (../fixes/prove.sh) into target/fixed-src/fixed/<rule>/;
#   4. semantics/*.py: rules' claims, and fixes/<rule>_fix.py: each broken job
#      and its fixed copy, on a local mini cluster.
#
#   testdata/flink/python/run.sh
#
# FLINKLINT_PYFLINK_VENV  the venv (default ~/.cache/flinklint/pyflink-1.20.5)
# FLINKLINT_PYTHON        the Python that creates it (default python3; 3.8-3.11)
# MAVEN_ARGS              extra mvn arguments (split on spaces); MAVEN_OPTS too
# Prints one line per file and per check; exits non-zero on any failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
flink_version=1.20.5
venv=${FLINKLINT_PYFLINK_VENV:-$HOME/.cache/flinklint/pyflink-$flink_version}
jars_dir=$venv/flinklint-jars/flink-connector-kafka-3.4.0-1.20
start=$(date +%s)
rc=0

# 1. The venv, reused when it already imports pyflink of this version.
if ! "$venv/bin/python" -c "import pyflink.version as v; assert v.__version__ == '$flink_version'" 2>/dev/null; then
  if [ -e "$venv" ] && [ ! -f "$venv/pyvenv.cfg" ]; then
    echo "$venv exists and is not a venv; set FLINKLINT_PYFLINK_VENV to another path"; exit 2
  fi
  echo "creating $venv (apache-flink==$flink_version: about 1 min, 700 MB)"
  t=$(date +%s)
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  if ! "${FLINKLINT_PYTHON:-python3}" -m venv "$venv" ||
     ! "$venv/bin/python" -m pip install -q --disable-pip-version-check "apache-flink==$flink_version"; then
    echo "python ground truth: FAILED (could not install apache-flink==$flink_version into $venv)"; exit 2
  fi
  echo "venv ready in $(( $(date +%s) - t ))s"
fi

# The Kafka connector for pipeline.jars. flink-sql-connector-kafka (the
# shaded jar) is not served for 3.4.0-1.20: jars/pom.xml takes
# flink-connector-kafka and kafka-clients, what the shaded jar bundles.
if [ -z "$(find "$jars_dir" -name 'flink-connector-kafka-*.jar' -print -quit 2>/dev/null)" ]; then
  log=$(mktemp -t pyflink-jars.XXXXXX)
  # shellcheck disable=SC2086
  if ! mvn -B -ntp -Dstyle.color=never -f "$here/jars/pom.xml" ${MAVEN_ARGS:-} \
       dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$jars_dir" >"$log" 2>&1; then
    grep -E '^\[ERROR\]' "$log" | head -n 20
    rm -rf "$jars_dir"
    echo "python ground truth: FAILED (could not fetch the Kafka connector jars; log $log)"; exit 2
  fi
  rm -f "$log"
fi
# The Maven suites' ScriptedSource (testdata/flink/semantics), for the fix
# proofs whose records must carry their own timestamps and splits, as a
# Kafka partition's do: compiled against the venv's Flink (about 2 s).
scripted=$here/target/scripted-source
rm -rf "$scripted" && mkdir -p "$scripted/classes"
if ! javac -nowarn -d "$scripted/classes" -cp "$(echo "$venv"/lib/python*/site-packages/pyflink/lib)/*" \
     "$root/testdata/flink/semantics/src/support/java/dev/flinklint/semantics/ScriptedSource.java" ||
   ! jar cf "$scripted/scripted-source.jar" -C "$scripted/classes" .; then
  echo "python ground truth: FAILED (could not compile ScriptedSource against apache-flink $flink_version)"; exit 2
fi
FLINKLINT_PYFLINK_JARS=$( (find "$jars_dir" -name '*.jar'; echo "$scripted/scripted-source.jar") | sort | paste -sd: -)
export FLINKLINT_PYFLINK_JARS

# PyFlink starts its Python workers as "python": the venv comes first.
export PATH=$venv/bin:$PATH
export PYTHONDONTWRITEBYTECODE=1
export PYTHONWARNINGS="ignore:pkg_resources is deprecated"
cd "$root" || exit 2

# 2. The harness on the testdata.
echo "== harness: every Python testdata file builds its pipelines against apache-flink $flink_version"
python "$here/harness.py" || rc=1

# The harness's negative self-check: every case and file of negative/ fails.
neg=$(python "$here/harness.py" "$here"/negative/*.py 2>&1)
want=$(cat "$here"/negative/*.py | grep -c '^def pipeline_')
want=$((want + $(grep -L '^def pipeline_' "$here"/negative/*.py | wc -l)))
if grep -q "^0 passed, $want failed\$" <<<"$neg"; then
  echo "ok   harness self-check: the $want cases and files of negative/ fail as they must"
else
  echo "FAIL harness self-check: expected 0 passed, $want failed from negative/:"; echo "$neg"; rc=1
fi

# 3. The fixes of the broken jobs of fixes/jobs/<rule>/, written by
# flinklint -fix -unsafe-fixes into target/fixed-src/fixed/<rule>/ (the
# Maven proofs' prove.sh, given this directory).
echo "== fixes: flinklint -fix -unsafe-fixes -enable <rule> on each broken job of fixes/jobs"
export FLINKLINT_PYFLINK_FIXED=$here/target/fixed-src/fixed
proved=$(bash "$root/testdata/flink/fixes/prove.sh" "$here/target" "$here/fixes/jobs" 2>&1) || rc=1
grep -v '^flinklint: fixed' <<<"$proved" | sed -e 's/^prove: \(.* fixed in .*\)/ok   \1/' -e 's/^prove: /FAIL /'

# 4. The semantic checks and the fix proofs (fixes/<rule>_fix.py: the broken
# job, then the fixed one, on the same input), in one Python process
# (semantics/_all.py: the JVM and the first job's start-up are paid once);
# each is also a script of its own.
echo "== semantics: rules' claims, and the fixed jobs' behaviour, on a local PyFlink mini cluster"
log=${FLINKLINT_PYFLINK_SEMANTICS_LOG:-$(mktemp -t pyflink-semantics.XXXXXX)}
timeout 900 python "$here/semantics/_all.py" --dir "$here/semantics" --dir "$here/fixes" >"$log" 2>&1
code=$?
grep -E '^(PASS|FAIL) ' "$log" | sed -e 's/^PASS /ok   /'
if [ "$code" -ne 0 ]; then
  rc=1
  echo "semantic checks failed (exit $code; full log: $log):"
  grep -v -E '^[[:space:]]+at |^WARNING' "$log" | tail -n 40 | sed 's/^/       /'
fi

echo "python ground truth: $( [ "$rc" -eq 0 ] && echo OK || echo FAILED ) in $(( $(date +%s) - start ))s (venv $venv)"
exit "$rc"
