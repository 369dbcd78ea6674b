"""Runs every semantic check (semantics/[!_]*.py) in this one process, in
name order, and prints one line per check: "PASS <name> (<s>s): <summary>"
or "FAIL ...", then a closing "N passed, N failed". Exits 1 on any failure.
One process: PyFlink's gateway JVM and the first job's start-up (about 10 s
on 2 cores) are paid once instead of once per check.

    python _all.py [name ...]      # e.g. seconds_timestamp
"""
import glob
import importlib
import os
import sys
import time
import traceback

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import _common  # noqa: E402,F401  (warning filters, bytecode off)

names = sys.argv[1:] or sorted(os.path.basename(f)[:-3] for f in glob.glob(os.path.join(here, "[!_]*.py")))
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
