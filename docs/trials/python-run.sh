#!/usr/bin/env bash
# Re-runs flinklint over the PyFlink trial set (issue 13), as a user runs it:
# on each whole repository, from its root. The checkouts must already exist
# under $TRIALS/<owner+name> (fetch them first; see python.md). Raw output
# goes to $OUT/<owner+name>.{out,err,time}; a per-repo summary goes to stdout,
# with the findings in .py files counted apart.
#
#   docs/trials/python-run.sh                 # every repository of python.md
#   docs/trials/python-run.sh owner+name ...  # only these
#   FLINKLINT=/path/to/flinklint OUT=/tmp/pytrials-work2/out-x docs/trials/python-run.sh
#
# flinklint runs with -no-cache (neither reads nor writes a result cache), so
# the seconds are those of a first run.
set -u
TRIALS=${TRIALS:-/tmp/pytrials}
FLINKLINT=${FLINKLINT:-/tmp/pytrials-work2/flinklint}
TIMEOUT=${TIMEOUT:-120}
OUT=${OUT:-/tmp/pytrials-work2/out}
mkdir -p "$OUT"

if [ $# -gt 0 ]; then
  repos=("$@")
else
  repos=(
    AuthEceSoftEng+ecoready-services
    DiogoRibeiro7+building-pyflink-apps
    DiogoRibeiro7+pyflink-fraud-detection-streaming
    InnoCentCoder5497+Real-Time-Solar-Plant-Data-Streaming-with-PyFlink-and-Kafka
    Kivy-CN+PyFlink-Tutorial
    SimoneNicosanti+SABD_Project_2
    Z-1220+pyflink-fraud-detection-lab
    apache+flink-connector-kafka
    apache+flink-kubernetes-operator
    apache+flink-playgrounds
    aws-samples+amazon-managed-apache-flink-service-pyflink-starter-kit
    cc3213252+pyflink-learn
    fairmoney+pyflink-features-pipelines
    georgelza+PyFlink_Embedder
    huanglaoxie0503+pyflink-basic-introduction
    j3-signalroom+apache_flink-kickstarter
    jbcodeforce+flink-studies
    pyflink+playgrounds
    uncleguanghui+pyflink_learn
    ververica+flink-sql-cookbook
    wagnzi+PyFlink-UserBehaviorAnalysis
    yhyyz+msf-pyflink-job
  )
fi

printf '%-78s %4s %5s %5s %5s %5s %8s %9s  %s\n' repo exit finds py probs ierr secs maxKB rules-in-py
for r in "${repos[@]}"; do
  dir="$TRIALS/$r"
  if [ ! -d "$dir" ]; then printf '%-78s missing checkout\n' "$r"; continue; fi
  o="$OUT/$r"
  ( cd "$dir" && /usr/bin/time -f '%e %M' -o "$o.time" \
      timeout "$TIMEOUT" "$FLINKLINT" -v -no-cache . >"$o.out" 2>"$o.err" ); rc=$?
  read -r secs kb < <(tail -1 "$o.time" | grep -E '^[0-9.]+ [0-9]+$' || echo "? ?")
  finds=$(grep -c . "$o.out")
  py=$(grep -cE '^[^:]+\.py:[0-9]+:' "$o.out")
  probs=$(grep -E ':[0-9]+:[0-9]+: (problem|internal error): |^flinklint: ' "$o.err" | grep -vc ' files read, ')
  ierr=$(grep -ci 'internal error\|panic' "$o.err")
  rules=$(grep -E '^[^:]+\.py:[0-9]+:' "$o.out" | grep -o '\[[a-z0-9-]*\]$' | sort | uniq -c | awk '{printf "%s=%s ", substr($2,2,length($2)-2), $1}')
  [ $rc -eq 124 ] && rules="TIMEOUT $rules"
  printf '%-78s %4s %5s %5s %5s %5s %8s %9s  %s\n' "$r" "$rc" "$finds" "$py" "$probs" "$ierr" "$secs" "$kb" "$rules"
done
