"""auto-watermark-interval-zero's fix deletes the setting (the default is
200 ms): the clicks job of jobs/auto_watermark_interval_zero/
low_latency_counts.py calls env.get_config().set_auto_watermark_interval(0).
Input, as in the Maven AutoWatermarkIntervalZeroFixTest: clicks at 0..1900
ms, from a directory read continuously, so that the source stays open.
Broken, no window fires in the 15 s the job is given; fixed, the first window
fires within them, with its 5 clicks."""
from _proof import Directory, collect_until, environment, jobs, main, swapped

CLICKS = ["home,%d" % ms for ms in range(0, 2000, 100)]
OPEN_S = 15


def run(job):
    clicks = Directory()
    clicks.write(*CLICKS)
    env = environment()
    out, secs, _ = collect_until(job.counts(swapped(env, clicks.source())), lambda out: len(out) > 0, OPEN_S)
    return out, secs, env.get_config().get_auto_watermark_interval()


def check():
    broken, fixed = jobs("auto_watermark_interval_zero", "low_latency_counts")
    got_broken, secs_broken, interval_broken = run(broken)
    got_fixed, secs_fixed, interval_fixed = run(fixed)
    print("broken (interval %d ms): %s in %.0f s" % (interval_broken, got_broken, secs_broken))
    print("fixed (interval %d ms): %s in %.0f s" % (interval_fixed, got_fixed, secs_fixed))
    return (interval_broken == 0 and got_broken == [] and interval_fixed == 200
            and got_fixed[:1] == ["home [0, 500) 5"],
            "clicks 0..1900 ms, source open: interval 0 fires no window in %.0f s; fixed (200 ms) "
            "fires %s after %.0f s" % (secs_broken, got_fixed[:1], secs_fixed))


if __name__ == "__main__":
    main(check)
