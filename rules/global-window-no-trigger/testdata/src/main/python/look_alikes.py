"""None of these windows may be reported."""
from pyflink.common import Time, Types
from pyflink.datastream.window import (
    CountSlidingWindowAssigner,
    CountTrigger,
    CountTumblingWindowAssigner,
    GlobalWindows,
    PurgingTrigger,
    TumblingEventTimeWindows,
    TumblingProcessingTimeWindows,
)

ROW = Types.TUPLE([Types.STRING(), Types.LONG()])
TRIGGER = PurgingTrigger.of(CountTrigger.of(10))


def keyed(env):
    return env.from_collection([("a", 1), ("b", 2)], type_info=ROW).key_by(lambda e: e[0])


def add(a, b):
    return a[0], a[1] + b[1]


def pipeline_trigger_in_the_chain(env):
    keyed(env).window(GlobalWindows.create()).trigger(CountTrigger.of(100)).reduce(add)


def pipeline_trigger_after_lateness(env):
    keyed(env) \
        .window(GlobalWindows.create()) \
        .allowed_lateness(60000) \
        .trigger(PurgingTrigger.of(CountTrigger.of(10))) \
        .reduce(add)


def pipeline_trigger_in_parentheses(env):
    (keyed(env)
        .window(GlobalWindows.create())
        .trigger(trigger=CountTrigger.of(5))
        .reduce(add))


def pipeline_trigger_in_a_later_statement(env):
    windowed = keyed(env).window(GlobalWindows.create())
    windowed.trigger(CountTrigger.of(100))
    windowed.reduce(add).print()


def pipeline_trigger_held_in_a_constant(env):
    keyed(env).window(GlobalWindows.create()).trigger(TRIGGER).reduce(add)


def with_trigger_of(keyed_stream, trigger):
    return keyed_stream.window(GlobalWindows.create()).trigger(trigger).reduce(add)


def pipeline_trigger_held_in_a_parameter(env):
    with_trigger_of(keyed(env), CountTrigger.of(3))


def pipeline_count_windows(env):
    keyed(env).count_window(100).reduce(add)
    keyed(env).count_window(100, 10).reduce(add)
    keyed(env).count_window(size=5, slide=2).reduce(add)
    # PyFlink 1.20 has no count_window_all; a count window over a whole stream
    # is window_all with a count assigner, which has its own trigger.
    keyed(env).window(CountTumblingWindowAssigner.of(5)).reduce(add)
    keyed(env).window(CountSlidingWindowAssigner.of(5, 2)).reduce(add)


def pipeline_event_and_processing_time(env):
    keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add)
    keyed(env).window(TumblingProcessingTimeWindows.of(Time.seconds(10))).reduce(add)


def pipeline_comments_and_strings(env):
    # keyed(env).window(GlobalWindows.create()).reduce(add)
    """keyed(env).window(GlobalWindows.create()).reduce(add)"""
    doc = "keyed.window(GlobalWindows.create()).reduce(add)"
    keyed(env).count_window(10).reduce(add).name(doc)


def returned_to_the_caller(keyed_stream):
    return keyed_stream.window(GlobalWindows.create())


def with_trigger(w):
    return w.trigger(CountTrigger.of(5))


def pipeline_passed_to_a_helper(env):
    with_trigger(keyed(env).window(GlobalWindows.create())).reduce(add)


def pipeline_never_consumed(env):
    keyed(env).window(GlobalWindows.create())
