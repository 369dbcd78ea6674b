# Sourced by compare.sh and edit.sh once they have set work, a scratch
# directory: one way to time a run, so that their figures compare.

# timed NAME CMD...: runs CMD, appends "NAME wall user sys maxrss_kb" to
# $work/log and prints it.
timed() {
  local name=$1; shift
  /usr/bin/time -o "$work/t" -f '%e %U %S %M' "$@" >/dev/null 2>&1 || true
  echo "$name $(tail -1 "$work/t")" | tee -a "$work/log"
}
