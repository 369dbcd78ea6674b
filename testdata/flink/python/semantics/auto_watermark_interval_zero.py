"""auto-watermark-interval-zero: with pipeline.auto-watermark-interval 0
(env.get_config().set_auto_watermark_interval(0)) a periodic watermark
generator never emits a watermark, so event-time windows never fire while
the source is open; the default 200 ms fires them.

On bounded input both fire (the end of input sends the final watermark), so
the source is unbounded for the purpose: a NumberSequenceSource over 10^12
numbers, event time = the number x 100 ms, for_bounded_out_of_orderness
(100 ms), 1-second tumbling windows. Each job also passes every 50th number
straight to the output (no window): a progress mark showing how far the
input got. The default-interval job runs until 3 windows fired; the
interval-0 job until its input is past 600 numbers (60 s of event time, 60
windows' worth), then 2 s more (PyFlink
bundles hold output for up to 1 s); then each is cancelled."""
from pyflink.common import Duration, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream.connectors.number_seq import NumberSequenceSource
from pyflink.datastream.window import TumblingEventTimeWindows

from _common import ROW, FieldAssigner, collect_until, environment, main

STEP_MS = 100
PAST = 600


def job(interval_ms):
    env = environment()
    if interval_ms is not None:
        env.get_config().set_auto_watermark_interval(interval_ms)
    ws = (WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100))
          .with_timestamp_assigner(FieldAssigner()))
    events = (env.from_source(NumberSequenceSource(0, 10 ** 12), WatermarkStrategy.no_watermarks(), "numbers")
              .map(lambda n: ("event", n * STEP_MS), output_type=ROW))
    windows = (events.assign_timestamps_and_watermarks(ws)
               .key_by(lambda e: e[0])
               .window(TumblingEventTimeWindows.of(Time.seconds(1)))
               .reduce(lambda a, b: a, output_type=ROW)
               .map(lambda e: ("window", e[1]), output_type=ROW))
    progress = events.filter(lambda e: e[1] % (50 * STEP_MS) == 0).map(lambda e: ("progress", e[1] // STEP_MS),
                                                                      output_type=ROW)
    return windows.union(progress)


def count(out, kind):
    return sum(1 for r in out if r[0] == kind)


def furthest(out):
    return max([r[1] for r in out if r[0] == "progress"], default=0)


def check():
    default, t1, ok1 = collect_until(job(None), lambda out: count(out, "window") >= 3, 60)
    print("default interval (200 ms): %d windows fired in %.1f s (input at number %d)"
          % (count(default, "window"), t1, furthest(default)))
    zero, t2, ok2 = collect_until(job(0), lambda out: furthest(out) >= PAST, 60, grace=2)
    print("set_auto_watermark_interval(0): %d windows fired in %.1f s (input at number %d)"
          % (count(zero, "window"), t2, furthest(zero)))
    return (ok1 and ok2 and count(zero, "window") == 0,
            "unbounded input: %d windows fired with the default interval (%.0f s); none of the %d+ "
            "windows' worth of input fired with interval 0 (%d windows, %.0f s)"
            % (count(default, "window"), t1, PAST * STEP_MS // 1000, count(zero, "window"), t2))


if __name__ == "__main__":
    main(check)
