#!/usr/bin/env bash
# Writes the fixed jobs the proofs run (issue 27): for each directory SRC/<p>,
# where <p> is a rule id without its dashes (a Java package, fixes.<p>) or
# with underscores for them (a Python package), a copy in
# TARGET/fixed-src/fixed/<p> (Java package fixes.<p> renamed fixed.<p>),
# fixed by `flinklint -fix -unsafe-fixes -enable <rule>` as a user would fix
# it. Fails when the broken job shows no finding of the rule, when the fix
# changes nothing, or when a warning or error of the rule is left after it
# (an info finding may stay: it names what the fixed job may keep). The diff
# each fix made is kept in TARGET/fixes/<rule>.diff.
#
#   testdata/flink/fixes/prove.sh TARGET [SRC]
#
# SRC is src/main/java/fixes by default (Maven runs it so in
# generate-sources); testdata/flink/python/run.sh gives python/fixes/jobs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
target=${1:?usage: prove.sh TARGET [SRC]}
src=${2:-$here/src/main/java/fixes}
rm -rf "$target/fixed-src" "$target/fixes"
mkdir -p "$target/fixed-src/fixed" "$target/fixes"
flinklint=$target/fixes/flinklint
(cd "$root" && go build -o "$flinklint" ./cmd/flinklint)

# findings RULE DIR [SEVERITY]: how many findings of RULE flinklint reports
# under DIR (of SEVERITY only, a grep -E pattern, when given).
findings() {
  "$flinklint" -no-cache -enable "$1" -fail-on info -format json "$2" | grep -A1 '"rule": *"'"$1"'"' |
    grep -cE '"severity": *"('"${3:-[a-z]+}"')"' || true
}

status=0
for dir in "$src"/*/; do
  pkg=$(basename "$dir")
  job=$(basename "$src")/$pkg
  rule=
  for r in "$root"/rules/*/; do
    r=$(basename "$r")
    if [ "${r//-/}" = "$pkg" ] || [ "${r//-/_}" = "$pkg" ]; then rule=$r; fi
  done
  if [ -z "$rule" ]; then
    echo "prove: $job names no rule (a package is a rule id without its dashes, or with underscores)"; status=1; continue
  fi
  work=$target/fixes/$pkg
  cp -r "$dir" "$work"
  find "$work" -name '*.java' -exec sed -i "s/^package fixes\\.$pkg\\([.;]\\)/package fixed.$pkg\\1/" {} +
  before=$(findings "$rule" "$work")
  if [ "$before" -eq 0 ]; then
    echo "prove: $rule: flinklint finds nothing in the broken job $job"; status=1; continue
  fi
  cp -r "$work" "$work.orig"
  "$flinklint" -no-cache -enable "$rule" -fix -unsafe-fixes "$work" >/dev/null || true
  (cd "$target/fixes" && diff -ru "$pkg.orig" "$pkg" > "$rule.diff") && {
    echo "prove: $rule: -fix -unsafe-fixes changed nothing in $job"; status=1; continue
  }
  # An info finding may stay (flink2-removed-api's addSource: 2.x keeps it).
  after=$(findings "$rule" "$work" 'warning|error')
  if [ "$after" -ne 0 ]; then
    echo "prove: $rule: $after of $before findings left after -fix in $job"; status=1; continue
  fi
  info=$(findings "$rule" "$work")
  mv "$work" "$target/fixed-src/fixed/$pkg"
  rm -rf "$work.orig"
  echo "prove: $rule: $((before - info)) of $before finding(s) fixed in $job ($(grep -c '^[-+][^-+]' "$target/fixes/$rule.diff") lines changed, $target/fixes/$rule.diff)"
done
exit "$status"
