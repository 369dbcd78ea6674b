"""A window built inside a lambda given to a helper."""
from pyflink.common import Time, Types
from pyflink.datastream import OutputTag
from pyflink.datastream.window import TumblingEventTimeWindows

LATE = OutputTag("late-lambda", Types.TUPLE([Types.STRING(), Types.LONG()]))


def source(env):
    return env.from_collection([("a", 1), ("b", 2)], type_info=Types.TUPLE([Types.STRING(), Types.LONG()]))


def add(a, b):
    return a[0], a[1] + b[1]


def apply(stream, step):
    return step(stream)


def pipeline_unread(env):
    apply(source(env), lambda s: s.key_by(lambda e: e[0])
          .window(TumblingEventTimeWindows.of(Time.minutes(1)))
          .side_output_late_data(LATE)  # want "late side output \"late-lambda\" is lost: not read from the window operator"
          .reduce(add)).print()


def pipeline_read(env):
    sums = apply(source(env), lambda s: s.key_by(lambda e: e[0])
                 .window(TumblingEventTimeWindows.of(Time.minutes(1)))
                 .side_output_late_data(LATE)
                 .reduce(add))
    sums.get_side_output(LATE).print()
    sums.print()
