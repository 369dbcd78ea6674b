"""Every late side output here is read and sunk; nothing may be reported."""
from pyflink.common import Time, Types
from pyflink.datastream import KeyedProcessFunction, OutputTag, ProcessFunction
from pyflink.datastream.window import TumblingEventTimeWindows

import common
from common import LATE_TAG


def row():
    return Types.TUPLE([Types.STRING(), Types.LONG()])


def keyed(env):
    return env.from_collection([("a", 1), ("b", 2)], type_info=row()).key_by(lambda e: e[0])


def add(a, b):
    return a[0], a[1] + b[1]


def pipeline_printed(env):
    late_tag = OutputTag("late", row())
    sums = keyed(env) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(late_tag) \
        .reduce(add)
    sums.get_side_output(late_tag).print()


def pipeline_same_id_other_variable(env):
    sums = keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(OutputTag("late", row())) \
        .reduce(add)
    sums.get_side_output(OutputTag("late", row())).print()


def pipeline_module_attribute(env):
    (keyed(env)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))
        .side_output_late_data(LATE_TAG)
        .reduce(add)
        .name("sums")
        .uid("sums")
        .set_parallelism(2)
        .get_side_output(common.LATE_TAG)
        .map(lambda t: t[0], output_type=Types.STRING())
        .print())


def pipeline_keyword_arguments(env):
    late_tag = OutputTag(tag_id="late", type_info=row())
    sums = keyed(env).window(window_assigner=TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(output_tag=late_tag) \
        .reduce(reduce_function=add)
    sums.get_side_output(output_tag=late_tag).print()


def returned(keyed_stream):
    late_tag = OutputTag("late", row())
    sums = keyed_stream.window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(late_tag) \
        .reduce(add)
    return sums.get_side_output(late_tag)


def pipeline_returned(env):
    returned(keyed(env)).print()


def passed_on(keyed_stream, sinks):
    late_tag = OutputTag("late", row())
    sums = keyed_stream.window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(late_tag) \
        .reduce(add)
    sinks.append(sums.get_side_output(late_tag))


def pipeline_passed_on(env):
    sinks = []
    passed_on(keyed(env), sinks)
    for s in sinks:
        s.print()


def windowed(keyed_stream):
    return keyed_stream \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(LATE_TAG) \
        .reduce(add)


def sink_late(op):
    op.get_side_output(LATE_TAG).print()


def pipeline_read_by_the_caller(env):
    windowed(keyed(env)).get_side_output(LATE_TAG).print()


def pipeline_read_in_a_helper(env):
    sums = keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(LATE_TAG) \
        .reduce(add)
    sink_late(sums)


def pipeline_escapes_to_a_library(env):
    registry = []
    sums = keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(LATE_TAG) \
        .reduce(add)
    registry.append(sums)
    registry[0].get_side_output(LATE_TAG).print()


def pipeline_not_built(env):
    # keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))).side_output_late_data(LATE_TAG).reduce(add)
    keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))).side_output_late_data(LATE_TAG)


class Split(ProcessFunction):
    """A process function's side output is not late data: no window drops it."""

    def __init__(self, tag):
        self.tag = tag

    def process_element(self, value, ctx):
        if value[1] < 0:
            yield self.tag, value
        else:
            yield value


class KeyedSplit(KeyedProcessFunction):
    def __init__(self, tag):
        self.tag = tag

    def process_element(self, value, ctx):
        yield self.tag, value


def pipeline_process_function_side_outputs(env):
    negative = OutputTag("late", row())
    events = env.from_collection([("a", 1), ("b", -2)], type_info=row())
    split = events.process(Split(negative), output_type=row())
    split.print()
    keyed(env).process(KeyedSplit(OutputTag("late-orders", row())), output_type=row()).print()


def pipeline_strings(env):
    doc = "window(...).side_output_late_data(OutputTag('late')).reduce(add)"
    keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add).name(doc).print()
