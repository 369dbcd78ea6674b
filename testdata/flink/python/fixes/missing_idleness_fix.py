"""missing-idleness's fix, with_idleness(Duration.of_minutes(1)) on the
source's strategy: the Kafka clicks job of jobs/missing_idleness/
quiet_partition.py reads, as in the Maven MissingIdlenessFixTest, a busy
partition (a click every 20 ms, event time +100 ms each, the records' own
timestamps) and a quiet one that receives nothing (ScriptedSource: a split
each, as Kafka's partitions have). The broken and the fixed job run side by
side in one job, on one such input each, until the fixed one fired 10
windows or 100 s passed. Broken, no window fires while the source is open;
fixed, the quiet partition is marked idle after the minute and the windows
fire while it is still open, whole (10 clicks) and once each."""
from _proof import jobs, main, scripted, side_by_side

OPEN_MS = 300_000  # longer than the check: the source stays open


def input_for(label):
    return scripted("fix-mi-" + label, ("split", "quiet"),
                    ("emitUntilGate", "busy", 0, 100, 20, "fix-mi-never", OPEN_MS))


def check():
    broken, fixed = jobs("missing_idleness", "quiet_partition")
    got_broken, got_fixed, secs, held = side_by_side(broken, fixed, input_for, 10, 100)
    print("broken: %d windows in %.0f s" % (len(got_broken), secs))
    print("fixed: %d windows, first %s" % (len(got_fixed), got_fixed[:3]))
    whole = all(r.endswith(") 10") for r in got_fixed) and len(set(got_fixed)) == len(got_fixed)
    return (held and got_broken == [] and got_fixed[:1] == ["busy [0, 1000) 10"] and whole,
            "a busy and a quiet partition, source open %.0f s: broken fired no window; fixed fired %d, "
            "whole and once each, after the quiet one's minute" % (secs, len(got_fixed)))


if __name__ == "__main__":
    main(check)
