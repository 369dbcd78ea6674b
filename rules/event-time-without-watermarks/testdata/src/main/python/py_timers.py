from pyflink.common import Duration, SimpleStringSchema, WatermarkStrategy
from pyflink.datastream.connectors.kafka import KafkaSource
from pyflink.datastream.functions import KeyedProcessFunction


def kafka(topic):
    return KafkaSource.builder() \
        .set_bootstrap_servers("kafka:9092") \
        .set_topics(topic) \
        .set_value_only_deserializer(SimpleStringSchema()) \
        .build()


class Expire(KeyedProcessFunction):
    def process_element(self, value, ctx):
        ctx.timer_service().register_event_time_timer(ctx.timer_service().current_watermark() + 60000)
        yield value

    def on_timer(self, timestamp, ctx):
        yield ctx.get_current_key()


class ExpireLater(Expire):
    def on_timer(self, timestamp, ctx):
        yield timestamp


class ArmThroughMethod(KeyedProcessFunction):
    def process_element(self, value, ctx):
        self.arm(ctx.timer_service())
        yield value

    def arm(self, timers):
        timers.register_event_time_timer(timers.current_watermark() + 60000)


def pipeline_timers_direct(env):
    keyed = env.from_source(kafka("a"), WatermarkStrategy.no_watermarks(), "direct").key_by(lambda s: s)
    keyed.process(Expire()).print()  # want "^event-time timers never fire: no watermarks from KafkaSource\\n"


def pipeline_timers_through_values(env):
    expire = ExpireLater()
    events = env.from_source(kafka("b"), WatermarkStrategy.no_watermarks(), "value")
    events.key_by(lambda s: s).process(expire).print()  # want "^event-time timers never fire: no watermarks from KafkaSource\\n"


def pipeline_timers_in_method(env):
    keyed = env.from_source(kafka("c"), WatermarkStrategy.no_watermarks(), "method").key_by(lambda s: s)
    expire_all(keyed)


def expire_all(keyed):
    keyed.process(ArmThroughMethod()).print()  # want "^event-time timers never fire: no watermarks from KafkaSource\\n"


def pipeline_timers_with_watermarks(env):
    strategy = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)) \
        .with_idleness(Duration.of_minutes(1))
    env.from_source(kafka("d"), strategy, "watermarked") \
        .key_by(lambda s: s) \
        .process(Expire()) \
        .print()


def pipeline_timers_on_collection(env):
    env.from_collection(["a", "b"]).key_by(lambda s: s).process(ExpireLater()).print()
