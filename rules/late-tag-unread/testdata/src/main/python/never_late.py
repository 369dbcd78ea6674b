"""Late tags on windows where Flink calls no element late: nothing reaches
them, so nothing is lost (ineffective-lateness reports the calls)."""
from pyflink.common import Time, Types
from pyflink.datastream import OutputTag
from pyflink.datastream.window import CountTrigger, GlobalWindows, TumblingProcessingTimeWindows

LATE = OutputTag("late")


def keyed(env):
    return env.from_collection([("a", 1), ("b", 2)], type_info=Types.TUPLE([Types.STRING(), Types.LONG()])) \
        .key_by(lambda e: e[0])


def add(a, b):
    return a[0], a[1] + b[1]


def pipeline_count_window(env):
    keyed(env).count_window(2).side_output_late_data(LATE).reduce(add).print()


def pipeline_processing_time(env):
    keyed(env).window(TumblingProcessingTimeWindows.of(Time.minutes(1))).side_output_late_data(LATE).reduce(add).print()


def pipeline_global(env):
    keyed(env).window(GlobalWindows.create()).trigger(CountTrigger.of(2)).side_output_late_data(LATE).reduce(add).print()
