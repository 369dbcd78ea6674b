from ingest_common import WS, clicks_and_env


def pipeline_unpacked(env):
    clicks, env2 = clicks_and_env(env)
    clicks.assign_timestamps_and_watermarks(WS).print()  # want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"


def pipeline_parenthesized(env):
    (clicks, _) = clicks_and_env(env)
    clicks.assign_timestamps_and_watermarks(WS).print()  # want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"


def pipeline_indexed(env):
    clicks_and_env(env)[0].assign_timestamps_and_watermarks(WS).print()  # want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"


def pipeline_other_element(env):
    # The second element is the environment, not the stream: nothing to report.
    _, env2 = clicks_and_env(env)
    env2.from_collection(["a"]).assign_timestamps_and_watermarks(WS).print()
