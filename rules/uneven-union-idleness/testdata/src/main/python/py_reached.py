from pyflink.common import Time, WatermarkStrategy
from pyflink.datastream.window import TumblingEventTimeWindows

from py_broadcast import RULES, Alerts, idle, kafka


def quiet_rules(env):
    return env.from_source(kafka("rules"), WatermarkStrategy.no_watermarks(), "rules").broadcast(RULES)


def idle_rules(env):
    return env.from_source(kafka("rules"), idle(), "rules").broadcast(RULES)


def per_minute(stream):
    stream.key_by(lambda e: e).window(TumblingEventTimeWindows.of(Time.minutes(1))).reduce(lambda a, b: a + b)


def pipeline_rules_from_helper(env):
    events = env.from_source(kafka("events"), idle(), "events")
    events.key_by(lambda e: e).connect(quiet_rules(env)).process(Alerts())  # want "connect combines a stream with watermarks with the broadcast side, which has none"


def pipeline_union_windowed_by_helper(env):
    events = env.from_source(kafka("events"), idle(), "events")
    quiet = env.from_source(kafka("audit"), WatermarkStrategy.no_watermarks(), "audit")
    merged = events.union(quiet)  # want "union combines a stream with watermarks with the other side, which has none"
    per_minute(merged)


def pipeline_idle_rules_from_helper(env):
    events = env.from_source(kafka("events"), idle(), "events")
    events.key_by(lambda e: e).connect(idle_rules(env)).process(Alerts())

