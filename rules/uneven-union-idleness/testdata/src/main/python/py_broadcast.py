from pyflink.common import Duration, SimpleStringSchema, Types, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.functions import KeyedBroadcastProcessFunction
from pyflink.datastream.state import MapStateDescriptor

RULES = MapStateDescriptor("rules", Types.STRING(), Types.STRING())


def kafka(topic):
    return KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics(topic) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


class Alerts(KeyedBroadcastProcessFunction):
    def process_element(self, value, ctx):
        ctx.timer_service().register_event_time_timer(ctx.timestamp() + 1000)

    def process_broadcast_element(self, value, ctx):
        pass

    def on_timer(self, timestamp, ctx):
        yield ctx.get_current_key()


def idle():
    return WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_minutes(1))


def pipeline_quiet_rules(env):
    events = env.from_source(kafka("events"), idle(), "events")
    rules = env.from_source(kafka("rules"), WatermarkStrategy.no_watermarks(), "rules").broadcast(RULES)
    connected = events.key_by(lambda e: e).connect(rules)  # want "connect combines a stream with watermarks with the broadcast side, which has none"
    connected.process(Alerts())


def pipeline_idle_rules(env):
    events = env.from_source(kafka("events"), idle(), "events")
    rules = env.from_source(kafka("rules"), idle(), "rules").broadcast(RULES)
    events.key_by(lambda e: e).connect(rules).process(Alerts())
