"""lateness-into-append-sink's fix in Python: allowed_lateness replaced with a side output."""
from pyflink.common import Types
from pyflink.datastream.window import TumblingEventTimeWindows
from pyflink.common.time import Time

from late_firings import LATENESS, add, kafka, keyed


def pipeline_variable(env):
    sums = (keyed(env)
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .allowed_lateness(LATENESS)  # want "KafkaSink appends each late firing"
            .reduce(add))
    sums.map(lambda t: t[0] + "," + str(t[1]), output_type=Types.STRING()).sink_to(kafka())


def pipeline_statement(env):
    # allowed_lateness as a statement of its own: the tag is declared before it.
    windowed = keyed(env).window(TumblingEventTimeWindows.of(Time.minutes(1)))
    windowed.allowed_lateness(LATENESS)  # want "KafkaSink appends each late firing"
    sums = windowed.reduce(add)
    sums.map(lambda t: t[0] + "," + str(t[1]), output_type=Types.STRING()).sink_to(kafka())
