"""OutputTag imported from the module that defines it: the fix adds no second import."""
from pyflink.common import Time
from pyflink.datastream.output_tag import OutputTag
from pyflink.datastream.window import TumblingEventTimeWindows

from dropped import add
from side_output_fixes import events_of

ERRORS = OutputTag("errors")


def pipeline_variable(env):
    sums = events_of(env).key_by(lambda e: e[0]) \
        .window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(add)  # want "drops late elements without a trace"
    sums.print()
