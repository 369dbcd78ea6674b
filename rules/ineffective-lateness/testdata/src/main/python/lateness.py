"""Lateness settings on windows that never see a late element."""
from pyflink.common import Time, Types
from pyflink.datastream import OutputTag
from pyflink.datastream.window import (
    CountTrigger,
    CountTumblingWindowAssigner,
    EventTimeSessionWindows,
    GlobalWindows,
    ProcessingTimeSessionWindows,
    SlidingEventTimeWindows,
    SlidingProcessingTimeWindows,
    TumblingEventTimeWindows,
    TumblingProcessingTimeWindows,
)

LATENESS = 5 * 60 * 1000  # PyFlink's allowed_lateness takes milliseconds
NO_LATENESS = 0


def row():
    return Types.TUPLE([Types.STRING(), Types.LONG()])


def events(env):
    return env.from_collection([("a", 1), ("b", 2)], type_info=row())


def keyed(env):
    return events(env).key_by(lambda e: e[0])


def add(a, b):
    return a[0], a[1] + b[1]


def pipeline_global_window(env):
    keyed(env).window(GlobalWindows.create()) \
        .trigger(CountTrigger.of(100)) \
        .allowed_lateness(60000).reduce(add)  # want "allowed_lateness has no effect on GlobalWindows windows"


def pipeline_global_window_constructor(env):
    (keyed(env)
        .window(GlobalWindows())
        .trigger(CountTrigger.of(100))
        .allowed_lateness(time_ms=60000)  # want "no effect on GlobalWindows windows"
        .reduce(add))


def pipeline_processing_time(env):
    late = OutputTag("late", row())
    sums = (
        keyed(env)
        .window(TumblingProcessingTimeWindows.of(Time.minutes(1)))
        .allowed_lateness(LATENESS)  # want "no effect on TumblingProcessingTimeWindows"
        .side_output_late_data(late)  # want "side_output_late_data never receives a record"
        .reduce(add)
    )
    sums.get_side_output(late).print()


def pipeline_assigner_in_a_variable(env):
    sliding = SlidingProcessingTimeWindows.of(Time.minutes(10), Time.minutes(1))
    events(env).window_all(sliding).allowed_lateness(30000).reduce(add)  # want "no effect on SlidingProcessingTimeWindows"


def pipeline_sessions(env):
    keyed(env).window(ProcessingTimeSessionWindows.with_gap(Time.minutes(5))) \
        .allowed_lateness(2).reduce(add)  # want "no effect"


def pipeline_count_window(env):
    keyed(env).count_window(10).allowed_lateness(10000).reduce(add)  # want "no effect on count_window \\(count windows\\)"


def pipeline_count_assigner(env):
    keyed(env).window(CountTumblingWindowAssigner.of(10)).allowed_lateness(10000).reduce(add)  # want "no effect on CountTumblingWindowAssigner windows"


def pipeline_reassigned(env):
    w = keyed(env).window(GlobalWindows.create())
    w = w.trigger(CountTrigger.of(10))
    w = w.allowed_lateness(1000)  # want "allowed_lateness has no effect"
    w.reduce(add)


# Look-alikes: event-time windows, and a lateness of zero.

def pipeline_event_time(env):
    late = OutputTag("late", row())
    sums = keyed(env) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .allowed_lateness(60000) \
        .side_output_late_data(late) \
        .reduce(add)
    sums.get_side_output(late).print()
    keyed(env).window(EventTimeSessionWindows.with_gap(Time.minutes(1))).allowed_lateness(LATENESS).reduce(add)
    events(env).window_all(SlidingEventTimeWindows.of(Time.minutes(10), Time.minutes(1))) \
        .allowed_lateness(LATENESS) \
        .reduce(add)


def pipeline_small_lateness_on_event_time(env):
    # 2 ms, not 2 s: allowed_lateness takes milliseconds in PyFlink. The window
    # is an event-time one, so the setting is small but not a no-op.
    keyed(env).window(TumblingEventTimeWindows.of(Time.seconds(10))).allowed_lateness(2).reduce(add)


def pipeline_zero_lateness(env):
    keyed(env).window(GlobalWindows.create()).trigger(CountTrigger.of(5)).allowed_lateness(0).reduce(add)
    keyed(env).window(TumblingProcessingTimeWindows.of(Time.minutes(1))).allowed_lateness(NO_LATENESS).reduce(add)
    # keyed(env).window(GlobalWindows.create()).allowed_lateness(60000).reduce(add)
    doc = "window(GlobalWindows.create()).allowed_lateness(60000)"
    keyed(env).count_window(5).reduce(add).name(doc)


def pipeline_deleted_shapes(env):
    windowed = keyed(env).window(GlobalWindows.create()).trigger(CountTrigger.of(10))
    windowed.allowed_lateness(LATENESS)  # want "allowed_lateness has no effect"
    windowed.reduce(add)
    last = keyed(env) \
        .window(TumblingProcessingTimeWindows.of(Time.minutes(1))) \
        .allowed_lateness(1000)  # want "allowed_lateness has no effect"
    last.reduce(add)
    unread = OutputTag("unread", row())
    (keyed(env)
        .window(TumblingProcessingTimeWindows.of(Time.minutes(1)))  # one minute
        .side_output_late_data(unread)  # want "side_output_late_data never receives a record"
        .reduce(add))


def pipeline_only_statement(env):
    windowed = keyed(env).window(GlobalWindows.create()).trigger(CountTrigger.of(10))
    if LATENESS > 0:
        windowed.allowed_lateness(1000)  # want "allowed_lateness has no effect"
    return windowed.reduce(add)


def pipeline_side_effect(env):
    keyed(env).window(GlobalWindows.create()).trigger(CountTrigger.of(10)) \
        .allowed_lateness(lateness_ms()).reduce(add)  # want "allowed_lateness has no effect"


def lateness_ms():
    return LATENESS
