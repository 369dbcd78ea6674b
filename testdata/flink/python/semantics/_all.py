"""Runs every check (DIR/[!_]*.py) of the given directories, semantics/ by
default, in this one process, in name order, and prints one line per check:
"PASS <name> (<s>s): <summary>" or "FAIL ...", then a closing "N passed, N
failed". Exits 1 on any failure. One process: PyFlink's gateway JVM and the
first job's start-up (about 10 s on 2 cores) are paid once instead of once per
check. Check names must differ across the directories (fixes/ names its
proofs <rule>_fix).

    python _all.py [--dir DIR ...] [name ...]     # e.g. seconds_timestamp
"""
import argparse
import glob
import importlib
import os
import sys
import time
import traceback

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import _common  # noqa: E402,F401  (warning filters, bytecode off)

ap = argparse.ArgumentParser()
ap.add_argument("--dir", action="append", help="a directory of checks (default: semantics/)")
ap.add_argument("names", nargs="*", help="checks to run (default: all of the directories')")
args = ap.parse_args()
dirs = [os.path.abspath(d) for d in args.dir or [here]]
sys.path[:0] = [d for d in dirs if d != here]
names = args.names or sorted(os.path.basename(f)[:-3] for d in dirs for f in glob.glob(os.path.join(d, "[!_]*.py")))
passed = failed = 0
for name in names:
    print("-- %s" % name, flush=True)
    t = time.time()
    try:
        ok, summary = importlib.import_module(name).check()
    except Exception:  # noqa: BLE001
        ok, summary = False, "raised " + traceback.format_exc().strip().splitlines()[-1][:300]
        traceback.print_exc()
    print("%s %s (%.0fs): %s" % ("PASS" if ok else "FAIL", name, time.time() - t, summary), flush=True)
    passed += ok
    failed += not ok
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
