"""source-ignores-assigner's fixes: no_watermarks() in from_source and the
strategy assigned after it (the Kafka clicks job, jobs/source_ignores_assigner/
clicks.py); and with_idleness moved before with_timestamp_assigner (the job
of idle_clicks.py, whose with_idleness returned a strategy without the
assigner). Each reads five clicks at 1000..5000 ms (as in
semantics/assign_after_source_python_assigner.py), from a file, whose records
carry no timestamp. Broken, the Python assigner never runs: the records reach
the event-time window without a timestamp and the job fails. Fixed, the
assigner runs: each click is counted once, in the window of its time."""
from _proof import collect, environment, jobs, lines, main, swapped

CLICKS = ["home,%d" % ms for ms in range(1000, 6000, 1000)]
EACH_SECOND = ["home [%d, %d) 1" % (ms, ms + 1000) for ms in range(1000, 6000, 1000)]


def run(job):
    """What the job emits on the clicks, or how it fails."""
    try:
        return sorted(collect(job.counts(swapped(environment(), lines(*CLICKS)))))
    except Exception as e:  # noqa: BLE001 - the failure to show
        return "no timestamp" if "Long.MIN_VALUE timestamp" in str(e) else "raised " + str(e)[:300]


def check():
    seen = {}
    for job in ("clicks", "idle_clicks"):
        broken, fixed = jobs("source_ignores_assigner", job)
        seen[job] = run(broken), run(fixed)
        print("%s: broken: %s; fixed: %s" % ((job,) + seen[job]))
    return (all(got == ("no timestamp", EACH_SECOND) for got in seen.values()),
            "clicks at 1000..5000 ms in 1 s windows: broken, %s (from_source drops the Python assigner) and %s "
            "(with_idleness after it drops it); fixed, %s and %s"
            % (seen["clicks"][0], seen["idle_clicks"][0], seen["clicks"][1], seen["idle_clicks"][1]))


if __name__ == "__main__":
    main(check)
