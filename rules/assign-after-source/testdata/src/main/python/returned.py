from ingest_common import WS, clicks_and_env


def pipeline_unpacked(env):
    clicks, env2 = clicks_and_env(env)
    clicks.assign_timestamps_and_watermarks(WS).print()  # want "gets its watermarks only here"


def pipeline_parenthesized(env):
    (clicks, _) = clicks_and_env(env)
    clicks.assign_timestamps_and_watermarks(WS).print()  # want "gets its watermarks only here"


def pipeline_indexed(env):
    clicks_and_env(env)[0].assign_timestamps_and_watermarks(WS).print()  # want "gets its watermarks only here"


def pipeline_other_element(env):
    # The second element is the environment, not the stream: nothing to report.
    _, env2 = clicks_and_env(env)
    env2.from_collection(["a"]).assign_timestamps_and_watermarks(WS).print()
