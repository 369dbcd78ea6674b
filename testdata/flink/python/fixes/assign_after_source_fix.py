"""assign-after-source's fix, the strategy passed to from_source instead of
assign_timestamps_and_watermarks after a no_watermarks() Kafka source (a
strategy without a Python assigner: the records' own timestamps), on the
input of the Maven AssignAfterSourceFixTest (ScriptedSource, one reader):
partition "a", ahead (10 s - 12.5 s), then, after 3 s, partition "b",
behind (1 s - 2 s). Broken, the one generator follows "a", and b's three
clicks arrive behind its watermark and are dropped: only a's windows come
out. Fixed, each partition has its own generator: nothing is late, and b's
windows come out too."""
from _proof import collect, environment, jobs, main, scripted, swapped

A_WINDOWS = ["a [10000, 11000) 2", "a [11000, 12000) 1", "a [12000, 13000) 1"]
B_WINDOWS = ["b [1000, 2000) 2", "b [2000, 3000) 1"]


def lagging(label):
    return scripted("fix-aas-" + label, ("split", "a"), ("split", "b"),
                    ("emit", "a", 10_000), ("emit", "a", 10_500), ("emit", "a", 11_000), ("emit", "a", 12_500),
                    ("gate", "fix-aas-never", 3_000),
                    ("emit", "b", 1_000), ("emit", "b", 1_500), ("emit", "b", 2_000))


def check():
    broken, fixed = jobs("assign_after_source", "lagging_partition")
    got_broken = sorted(collect(broken.counts(swapped(environment(), lagging("broken")))))
    got_fixed = sorted(collect(fixed.counts(swapped(environment(), lagging("fixed")))))
    print("broken:", got_broken)
    print("fixed:", got_fixed)
    return (got_broken == A_WINDOWS and got_fixed == sorted(A_WINDOWS + B_WINDOWS),
            "a lagging partition: broken emits a's %d windows only (b's clicks late, dropped); fixed emits "
            "all %d" % (len(got_broken), len(got_fixed)))


if __name__ == "__main__":
    main(check)
