"""ineffective-lateness's fix deletes allowed_lateness and
side_output_late_data from a count window, where they do nothing: the clicks
job of jobs/ineffective_lateness/pair_sums.py sums click times two by two.
Input, as in the Maven IneffectiveLatenessFixTest: home@5000 and home@5100,
then, once a periodic watermark (200 ms) has passed 5000 (the pair's sum is
out and a second more has passed), home@100 and home@200, 4.9 s behind it.
The source is a directory read continuously, so that it is still open when
the late pair arrives. A control runs the same input through the job's
parsing and strategy and shows the watermark each click arrives behind: the
input does make the pair late. The broken job and the fixed one both emit both
sums, 10100 and 300: neither drops a record."""
import time

from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.datastream import KeyedProcessFunction

from _proof import Directory, collect_until, environment, jobs, main, swapped

ON_TIME, LATE = ["home,5000", "home,5100"], ["home,100", "home,200"]


class Paced(Directory):
    """ON_TIME first; LATE a second after the job's first output, for a
    periodic watermark (200 ms) to pass the first clicks."""

    def __init__(self):
        super().__init__()
        self.late_at = None
        self.write(*ON_TIME)

    def step(self, out, want):
        """collect_until's condition: holds once `want` records are out."""
        if out and self.late_at is None:
            self.late_at = time.time() + 1
        if self.late_at is not None and self.late_at <= time.time() and self.files == 1:
            self.write(*LATE)
        return len(out) >= want


def run(sums):
    paced = Paced()
    out, secs, held = collect_until(sums(swapped(environment(), paced.source())),
                                    lambda out: paced.step(out, 2), 60)
    return sorted((tuple(r) for r in out), key=lambda r: r[1]), secs, held


class Watermark(KeyedProcessFunction):
    """Each click with the watermark it arrives behind: late, for an
    event-time window, where its time is below it."""

    def process_element(self, value, ctx):
        yield value[1], ctx.timer_service().current_watermark()


def arrivals(job):
    """The control: the job's parsing and strategy, each click's time and
    the watermark when it arrived."""
    def stream(env):
        ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)) \
            .with_timestamp_assigner(job.ClickTime())
        return env.from_source(paced.source(), WatermarkStrategy.no_watermarks(), "clicks") \
            .map(job.parse, output_type=job.click()) \
            .assign_timestamps_and_watermarks(ws) \
            .key_by(lambda c: c[0], key_type=Types.STRING()) \
            .process(Watermark(), output_type=Types.TUPLE([Types.LONG(), Types.LONG()]))
    paced = Paced()
    out, _, _ = collect_until(stream(environment()), lambda out: paced.step(out[1:], 2), 60)
    return out


def check():
    broken, fixed = jobs("ineffective_lateness", "pair_sums")
    seen = arrivals(broken)
    print("control: (click time, watermark on arrival):", seen)
    late = [t for t, wm in seen if t <= wm]
    got_broken, secs_broken, _ = run(broken.sums)
    got_fixed, secs_fixed, _ = run(fixed.sums)
    print("broken: %s (%.0f s)" % (got_broken, secs_broken))
    print("fixed: %s (%.0f s)" % (got_fixed, secs_fixed))
    sums = [("home", 300), ("home", 10100)]
    return (late == [100, 200] and got_broken == sums and got_fixed == sums,
            "clicks at 100 and 200 ms arrive behind watermarks %s; a count window keeps them: broken "
            "emits %s, fixed %s" % ([wm for t, wm in seen if t in late], got_broken, got_fixed))


if __name__ == "__main__":
    main(check)
