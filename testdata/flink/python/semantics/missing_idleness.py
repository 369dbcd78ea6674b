"""missing-idleness: one quiet input holds back event time for the whole
job; with_idleness on its strategy lets the windows fire.

One unbounded NumberSequenceSource feeds a busy stream (every number, event
time = the number x 100 ms) and a quiet one (a filter passing nothing, like a
Kafka partition with no traffic), each with its own
for_bounded_out_of_orderness strategy; their union feeds 1-second event-time
windows. Without idleness the union's watermark is the quiet input's, which
never advances: no window fires. With with_idleness(300 ms) the quiet input
is marked idle and the windows fire. Both variants run in the same job over
the same numbers, until the idle variant fired 5 windows (2 s more), then it
is cancelled."""
from pyflink.common import Duration, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream.connectors.number_seq import NumberSequenceSource
from pyflink.datastream.window import TumblingEventTimeWindows

from _common import ROW, FieldAssigner, collect_until, environment, main

STEP_MS = 100


def strategy(idle):
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100))
    if idle:
        ws = ws.with_idleness(Duration.of_millis(300))
    return ws.with_timestamp_assigner(FieldAssigner())


def variant(numbers, label, idle):
    busy = (numbers.map(lambda n: (label, n * STEP_MS), output_type=ROW)
            .assign_timestamps_and_watermarks(strategy(idle)))
    quiet = (numbers.filter(lambda n: False)
             .map(lambda n: (label, n * STEP_MS), output_type=ROW)
             .assign_timestamps_and_watermarks(strategy(idle)))
    return (busy.union(quiet)
            .key_by(lambda e: e[0])
            .window(TumblingEventTimeWindows.of(Time.seconds(1)))
            .reduce(lambda a, b: a, output_type=ROW))


def count(out, label):
    return sum(1 for r in out if r[0] == label)


def check():
    env = environment()
    numbers = env.from_source(NumberSequenceSource(0, 10 ** 12), WatermarkStrategy.no_watermarks(), "numbers")
    out, secs, held = collect_until(
        variant(numbers, "no-idleness", False).union(variant(numbers, "idleness", True)),
        lambda out: count(out, "idleness") >= 5, 60, grace=2)
    plain, idle = count(out, "no-idleness"), count(out, "idleness")
    print("busy + quiet input, no with_idleness: %d windows fired in %.1f s" % (plain, secs))
    print("busy + quiet input, with_idleness(300 ms): %d windows fired" % idle)
    return (held and plain == 0 and idle >= 5,
            "union of a busy and a quiet unbounded input (%.0f s): %d windows fired without idleness, "
            "%d with with_idleness(300 ms)" % (secs, plain, idle))


if __name__ == "__main__":
    main(check)
