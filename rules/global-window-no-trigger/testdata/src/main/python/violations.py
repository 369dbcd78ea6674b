"""Every window here is consumed before it has a trigger."""
from pyflink.common import Types
from pyflink.datastream import ProcessWindowFunction
from pyflink.datastream.functions import AggregateFunction, WindowFunction
from pyflink.datastream.window import CountTrigger, GlobalWindows

import assigners
from assigners import GLOBAL, global_windows

ROW = Types.TUPLE([Types.STRING(), Types.LONG()])


def events(env):
    return env.from_collection([("a", 1), ("b", 2), ("a", 3)], type_info=ROW)


def keyed(env):
    return events(env).key_by(lambda e: e[0])


def add(a, b):
    return a[0], a[1] + b[1]


class Count(ProcessWindowFunction):
    def process(self, key, context, elements):
        yield key, len([e for e in elements])


class Average(AggregateFunction):
    def create_accumulator(self):
        return 0, 0

    def add(self, value, accumulator):
        return accumulator[0] + value[1], accumulator[1] + 1

    def get_result(self, accumulator):
        return accumulator[0] / max(accumulator[1], 1)

    def merge(self, a, b):
        return a[0] + b[0], a[1] + b[1]


class Emit(WindowFunction):
    def apply(self, key, window, inputs):
        return [(key, len(inputs))]


def pipeline_same_chain(env):
    keyed(env).window(GlobalWindows.create()).reduce(add).print()  # want "GlobalWindows.create\\(\\) with no trigger never fires"


def pipeline_lambda_reduce(env):
    keyed(env).window(GlobalWindows.create()).reduce(lambda a, b: (a[0], a[1] + b[1]))  # want "never fires\\nhelp: .*before .reduce"


def pipeline_window_all(env):
    events(env).window_all(GlobalWindows.create()).reduce(add).print()  # want "never fires\\nhelp: .*or use window_all\\(CountTumblingWindowAssigner.of\\(n\\)\\)"


def pipeline_backslashes(env):
    result = events(env) \
        .key_by(lambda e: e[0]) \
        .window(GlobalWindows.create()).reduce(add)  # want "NeverTrigger"
    result.print()


def pipeline_parentheses(env):
    (
        keyed(env)
        # a comment inside the chain
        .window(GlobalWindows.create())  # want "never fires\\nhelp: .*before .process"
        .allowed_lateness(1000)
        .process(Count(), output_type=Types.TUPLE([Types.STRING(), Types.INT()]))
        .print()
    )


def pipeline_keyword_arguments(env):
    keyed(env).window(window_assigner=GlobalWindows.create()).reduce(reduce_function=add)  # want "never fires"


def pipeline_aggregate(env):
    keyed(env).window(GlobalWindows.create()).aggregate(Average(), output_type=Types.DOUBLE())  # want "before .aggregate"


def pipeline_apply(env):
    keyed(env).window(GlobalWindows.create()).apply(Emit())  # want "before .apply"


def pipeline_assigner_in_a_local(env):
    assigner = GlobalWindows.create()
    keyed(env).window(assigner).reduce(add)  # want "never fires"


def pipeline_constructor(env):
    keyed(env).window(GlobalWindows()).reduce(add)  # want "GlobalWindows\\(\\) with no trigger never fires"


def pipeline_constant_of_another_module(env):
    keyed(env).window(GLOBAL).reduce(add)  # want "never fires"


def pipeline_helper_of_another_module(env):
    keyed(env).window(global_windows()).reduce(add)  # want "never fires"


def pipeline_module_attribute(env):
    keyed(env).window(assigners.GLOBAL).reduce(add)  # want "never fires"


def pipeline_windowed_stream_in_a_variable(env):
    windowed = keyed(env).window(GlobalWindows.create())  # want "never fires"
    windowed.reduce(add).print()


def pipeline_trigger_set_after_the_operator_was_built(env):
    windowed = keyed(env).window(GlobalWindows.create())  # want "never fires"
    windowed.reduce(add).print()
    windowed.trigger(CountTrigger.of(100))


def pipeline_reassigned(env):
    w = keyed(env).window(GlobalWindows.create())  # want "never fires"
    w = w.allowed_lateness(1000)
    w.reduce(add)


def with_lateness(w):
    return w.allowed_lateness(60000)


def pipeline_passed_to_a_helper_that_sets_no_trigger(env):
    with_lateness(keyed(env).window(GlobalWindows.create())).reduce(add)  # want "never fires"
