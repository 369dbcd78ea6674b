"""source-ignores-assigner's fix, no_watermarks() in from_source and the
strategy assigned after it: the Kafka clicks job (jobs/source_ignores_assigner/
clicks.py) reads five clicks at 1000..5000 ms (as in
semantics/assign_after_source_python_assigner.py), from a file, whose records
carry no timestamp. Broken, the Python assigner never runs: the records reach
the event-time window without a timestamp and the job fails. Fixed, the
assigner runs: each click is counted once, in the window of its time."""
from _proof import collect, environment, jobs, lines, main, swapped

CLICKS = ["home,%d" % ms for ms in range(1000, 6000, 1000)]
EACH_SECOND = ["home [%d, %d) 1" % (ms, ms + 1000) for ms in range(1000, 6000, 1000)]


def check():
    broken, fixed = jobs("source_ignores_assigner", "clicks")
    try:
        out = collect(broken.counts(swapped(environment(), lines(*CLICKS))))
        failure = "ran and emitted %s" % out
    except Exception as e:  # noqa: BLE001 - the failure to show
        failure = "no timestamp" if "Long.MIN_VALUE timestamp" in str(e) else "raised " + str(e)[:300]
    got = sorted(collect(fixed.counts(swapped(environment(), lines(*CLICKS)))))
    print("broken:", failure)
    print("fixed:", got)
    return (failure == "no timestamp" and got == EACH_SECOND,
            "clicks at 1000..5000 ms in 1 s windows: broken, %s (the Python assigner is dropped); "
            "fixed, %s" % (failure, got))


if __name__ == "__main__":
    main(check)
