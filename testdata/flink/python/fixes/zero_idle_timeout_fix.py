"""zero-idle-timeout's fix, a one-minute idle timeout in place of a zero one:
the clicks job of jobs/zero_idle_timeout/idle_immediately.py calls
with_idleness(Duration.of_millis(0)) after with_timestamp_assigner, and the
fix moves it before: PyFlink's with_idleness returns a strategy without the
Python assigner (fixed in place, this proof failed with "Record has Java
Long.MIN_VALUE timestamp"). Broken, WatermarkStrategy refuses the
zero while the job is built ("idleTimeout must be greater than zero"), as in
the Maven ZeroIdleTimeoutFixTest. Fixed, the job builds and runs: five clicks
at 0..4000 ms fall in five 1 s windows, once each. (The SQL and
configuration forms write the same '1 min', proven on a table job by the
Maven proof.)"""
from _proof import collect, environment, jobs, lines, main, swapped

CLICKS = ["home,%d" % ms for ms in range(0, 5000, 1000)]
EACH_SECOND = ["home [%d, %d) 1" % (ms, ms + 1000) for ms in range(0, 5000, 1000)]
REFUSAL = "idleTimeout must be greater than zero"


def check():
    broken, fixed = jobs("zero_idle_timeout", "idle_immediately")
    try:
        failure = "built, emitted %s" % collect(broken.counts(swapped(environment(), lines(*CLICKS))))
    except Exception as e:  # noqa: BLE001 - the failure to show
        failure = REFUSAL if "IllegalArgumentException: " + REFUSAL in str(e) else "raised " + str(e)[:300]
    got = sorted(collect(fixed.counts(swapped(environment(), lines(*CLICKS)))))
    print("broken:", failure)
    print("fixed:", got)
    return (failure == REFUSAL and got == EACH_SECOND,
            "broken: %s, at build; fixed: %d windows of one click" % (failure, len(got)))


if __name__ == "__main__":
    main(check)
