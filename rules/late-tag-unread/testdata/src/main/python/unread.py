"""Late records sent to a side output that nothing reads or sinks."""
from pyflink.common import Time, Types
from pyflink.datastream import OutputTag
from pyflink.datastream.window import TumblingEventTimeWindows

import other_tags
from common import LATE_TAG


def row():
    return Types.TUPLE([Types.STRING(), Types.LONG()])


def keyed(env):
    return env.from_collection([("a", 1), ("b", 2)], type_info=row()).key_by(lambda e: e[0])


def add(a, b):
    return a[0], a[1] + b[1]


def pipeline_never_read(env):
    late_tag = OutputTag("late", row())
    keyed(env) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(late_tag).reduce(add).print()  # want "late side output \"late\" is lost: not read from the window operator"


def pipeline_never_read_parentheses(env):
    late_tag = OutputTag("late", row())
    (
        keyed(env)
        .window(TumblingEventTimeWindows.of(Time.minutes(1)))
        .side_output_late_data(late_tag)  # want "late side output \"late\" is lost: not read from the window operator"
        .reduce(add)
        .print()
    )


def pipeline_read_on_another_operator(env):
    late_tag = OutputTag("late", row())
    sums = keyed(env) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(late_tag).reduce(add)  # want "(?s)is lost: get_side_output reads another operator.*operator that .reduce\\(...\\) builds, not"
    sums.map(lambda t: t).get_side_output(late_tag).print()


def pipeline_bare_statement(env):
    sums = (keyed(env)
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .side_output_late_data(LATE_TAG)  # want "\"late-clicks\" is lost: the get_side_output stream goes nowhere"
            .reduce(add))
    sums.get_side_output(LATE_TAG)
    sums.print()


def pipeline_unused_local(env):
    late_tag = OutputTag("late", row())
    sums = keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(output_tag=late_tag).reduce(add)  # want "goes nowhere"
    late_records = sums.get_side_output(late_tag)
    sums.print()


def pipeline_same_name_another_id(env):
    sums = keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(LATE_TAG).reduce(add)  # want "\"late-clicks\" is lost: not read from the window operator"
    sums.get_side_output(other_tags.LATE_TAG).print()


def pipeline_window_all(env):
    late_tag = OutputTag("late-all", row())
    env.from_collection([("a", 1)], type_info=row()) \
        .window_all(TumblingEventTimeWindows.of(Time.minutes(1))) \
        .side_output_late_data(late_tag).reduce(add).print()  # want "\"late-all\" is lost"


def keep_late(windowed):
    kept = OutputTag("kept", row())
    return windowed.side_output_late_data(kept)  # want "\"kept\" is lost: not read from the window operator"


def pipeline_helper_tag(env):
    # The tag is a local of the helper that sets it: the caller cannot name it. No fix.
    sums = keep_late(keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1)))).reduce(add)
    sums.print()
