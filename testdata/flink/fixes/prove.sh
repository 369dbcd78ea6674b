#!/usr/bin/env bash
# Writes the fixed jobs the proofs run (issue 27): for each package
# src/main/java/fixes/<p>, where <p> is a rule id without its dashes, a copy
# in TARGET/fixed-src/fixed/<p> (package fixes.<p> renamed fixed.<p>), fixed
# by `flinklint -fix -unsafe-fixes -enable <rule>` as a user would fix it.
# Fails when the broken job shows no finding of the rule, when the fix
# changes nothing, or when a finding of the rule is left after it. The
# diff each fix made is kept in TARGET/fixes/<rule>.diff.
#
#   testdata/flink/fixes/prove.sh TARGET     (Maven runs it in generate-sources)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
target=${1:?usage: prove.sh TARGET}
rm -rf "$target/fixed-src" "$target/fixes"
mkdir -p "$target/fixed-src/fixed" "$target/fixes"
flinklint=$target/fixes/flinklint
(cd "$root" && go build -o "$flinklint" ./cmd/flinklint)

# findings RULE DIR: how many findings of RULE flinklint reports under DIR.
findings() {
  "$flinklint" -no-cache -enable "$1" -fail-on info -format json "$2" | grep -c '"rule": *"'"$1"'"' || true
}

status=0
for dir in "$here"/src/main/java/fixes/*/; do
  pkg=$(basename "$dir")
  rule=
  for r in "$root"/rules/*/; do
    r=$(basename "$r")
    if [ "${r//-/}" = "$pkg" ]; then rule=$r; fi
  done
  if [ -z "$rule" ]; then
    echo "prove: fixes/$pkg names no rule (a package is a rule id without its dashes)"; status=1; continue
  fi
  work=$target/fixes/$pkg
  cp -r "$dir" "$work"
  find "$work" -name '*.java' -exec sed -i "s/^package fixes\\.$pkg\\([.;]\\)/package fixed.$pkg\\1/" {} +
  before=$(findings "$rule" "$work")
  if [ "$before" -eq 0 ]; then
    echo "prove: $rule: flinklint finds nothing in the broken job fixes/$pkg"; status=1; continue
  fi
  cp -r "$work" "$work.orig"
  "$flinklint" -no-cache -enable "$rule" -fix -unsafe-fixes "$work" >/dev/null || true
  (cd "$target/fixes" && diff -ru "$pkg.orig" "$pkg" > "$rule.diff") && {
    echo "prove: $rule: -fix -unsafe-fixes changed nothing in fixes/$pkg"; status=1; continue
  }
  after=$(findings "$rule" "$work")
  if [ "$after" -ne 0 ]; then
    echo "prove: $rule: $after of $before findings left after -fix in fixes/$pkg"; status=1; continue
  fi
  mv "$work" "$target/fixed-src/fixed/$pkg"
  rm -rf "$work.orig"
  echo "prove: $rule: $before finding(s) fixed in fixes/$pkg ($(grep -c '^[-+][^-+]' "$target/fixes/$rule.diff") lines changed, $target/fixes/$rule.diff)"
done
exit "$status"
