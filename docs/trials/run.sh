#!/usr/bin/env bash
# Re-runs flinklint over the trial set, as a user runs it: on each whole
# repository, from its root. The checkouts must already exist under
# $TRIALS/<owner+name> (fetch them first; see README.md). Raw output goes to
# $OUT/<owner+name>.{out,err,time} (OUT defaults to $TRIALS/out); a per-repo
# summary goes to stdout.
#
#   docs/trials/run.sh                 # every repository in repos.tsv
#   docs/trials/run.sh owner+name ...  # only these
#   FLINKLINT=/path/to/flinklint OUT=/tmp/trials/out-x docs/trials/run.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
TRIALS=${TRIALS:-/tmp/trials}
FLINKLINT=${FLINKLINT:-$TRIALS/flinklint}
TIMEOUT=${TIMEOUT:-120}
OUT=${OUT:-$TRIALS/out}
mkdir -p "$OUT"

if [ $# -gt 0 ]; then
  repos=("$@")
else
  mapfile -t repos < <(awk -F'\t' 'NR>1 && $1!="" {print $1}' "$here/repos.tsv" | tr / +)
fi

printf '%-50s %4s %6s %6s %5s %5s %8s %9s  %s\n' repo exit finds probs ierr cplx secs maxKB rules
for r in "${repos[@]}"; do
  dir="$TRIALS/$r"
  if [ ! -d "$dir" ]; then printf '%-50s missing checkout\n' "$r"; continue; fi
  o="$OUT/$r"
  ( cd "$dir" && /usr/bin/time -f '%e %M' -o "$o.time" \
      timeout "$TIMEOUT" "$FLINKLINT" -v . >"$o.out" 2>"$o.err" ); rc=$?
  read -r secs kb < <(tail -1 "$o.time" | grep -E '^[0-9.]+ [0-9]+$' || echo "? ?")
  finds=$(wc -l <"$o.out")
  probs=$(grep -E ':[0-9]+:[0-9]+: (problem|internal error): |^flinklint: ' "$o.err" | grep -vc ' files read, ')
  ierr=$(grep -ci 'internal error\|panic' "$o.err")
  cplx=$(grep -ci 'too complex' "$o.err")
  rules=$(grep -o '\[[a-z0-9-]*\]$' "$o.out" | sort | uniq -c | awk '{printf "%s=%s ", substr($2,2,length($2)-2), $1}')
  [ $rc -eq 124 ] && rules="TIMEOUT $rules"
  printf '%-50s %4s %6s %6s %5s %5s %8s %9s  %s\n' "$r" "$rc" "$finds" "$probs" "$ierr" "$cplx" "$secs" "$kb" "$rules"
done
