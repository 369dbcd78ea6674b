"""seconds-timestamp: a timestamp assigner returning seconds where Flink
expects epoch milliseconds collapses the events into one window.

Four events 10 s apart (epoch milliseconds of November 2023), 5-second
event-time tumbling windows, events counted per window. One job, two
branches over the same data: the millisecond assigner (`value[1]`) gives 4
windows of 1 event; the seconds assigner (`value[1] // 1000`) gives 1 window
holding all 4 (its "timestamps" are 1,700,000,000..030 ms: 30 ms apart, in
January 1970)."""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream.functions import ProcessWindowFunction
from pyflink.datastream.window import TumblingEventTimeWindows

from _common import ROW, FieldAssigner, collect, environment, main

DATA = [("a", 1_700_000_000_000 + i * 10_000) for i in range(4)]


class CountPerWindow(ProcessWindowFunction):
    def __init__(self, label):
        self.label = label

    def process(self, key, context, elements):
        yield "%s [%d, %d): %d events" % (self.label, context.window().start,
                                          context.window().end, len(list(elements)))


def branch(env, label, div):
    ws = (WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(1))
          .with_timestamp_assigner(FieldAssigner(div)))
    return (env.from_collection(DATA, type_info=ROW)
            .assign_timestamps_and_watermarks(ws)
            .key_by(lambda e: e[0])
            .window(TumblingEventTimeWindows.of(Time.seconds(5)))
            .process(CountPerWindow(label), output_type=Types.STRING()))


def check():
    env = environment()
    out = collect(branch(env, "ms", 1).union(branch(env, "seconds", 1000)))
    ms = sorted(r for r in out if r.startswith("ms "))
    sec = [r for r in out if r.startswith("seconds ")]
    print("milliseconds assigner:", ms)
    print("seconds assigner (// 1000):", sec)
    return (len(ms) == 4 and all(r.endswith(": 1 events") for r in ms)
            and len(sec) == 1 and sec[0].endswith(": 4 events"),
            "4 events 10 s apart, 5 s windows: %d windows with epoch ms, %d with seconds (%s)"
            % (len(ms), len(sec), "; ".join(sec) or "none"))


if __name__ == "__main__":
    main(check)
