# Not testdata: cases the harness must fail (run.sh checks that it does).
from pyflink.common import Duration, WatermarkStrategy


def pipeline_does_not_raise(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(1))


def pipeline_raises_other_text(env):  # raises: some other text
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(0))


def pipeline_unexpected_exception(env):
    env.from_collection([1, 2]).key_by(lambda x: x).no_such_method()


def pipeline_executes(env):
    env.from_collection([1, 2]).print()
    env.execute("must not run")


def pipeline_wrong_parameter(stream_env):
    pass


def pipeline_runs_select(t_env):
    t_env.execute_sql("SELECT * FROM no_such_table")
