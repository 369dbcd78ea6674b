"""PyFlink jobs of the example project: page-view alerts from the clicks topic.

Records are "page_id,user_id,epoch_millis" strings read from Kafka. Each
pipeline_* function builds one job on the environment it is given and
returns without executing it.
"""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.serialization import SimpleStringSchema
from pyflink.common.time import Time
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream.connectors.kafka import KafkaOffsetsInitializer, KafkaSource
from pyflink.datastream.window import TumblingEventTimeWindows

BOOTSTRAP_SERVERS = "localhost:9092"
CLICKS_TOPIC = "clicks"
ALERT_THRESHOLD = 100


class ClickTimestamps(TimestampAssigner):
    """The third field is the click's time in epoch milliseconds."""

    def extract_timestamp(self, value, record_timestamp):
        return int(value.split(",")[2])


def clicks_source(group_id):
    return (KafkaSource.builder()
            .set_bootstrap_servers(BOOTSTRAP_SERVERS)
            .set_topics(CLICKS_TOPIC)
            .set_group_id(group_id)
            .set_starting_offsets(KafkaOffsetsInitializer.latest())
            .set_value_only_deserializer(SimpleStringSchema())
            .build())


def page_counts(clicks):
    return (clicks
            .map(lambda line: (line.split(",")[0], 1),
                 output_type=Types.TUPLE([Types.STRING(), Types.INT()]))
            .key_by(lambda page: page[0])
            .window(TumblingEventTimeWindows.of(Time.minutes(1)))
            .reduce(lambda a, b: (a[0], a[1] + b[1])))


def with_click_time(clicks, strategy):
    # PyFlink runs a Python timestamp assigner only here, after the source.
    return clicks.assign_timestamps_and_watermarks(strategy.with_timestamp_assigner(ClickTimestamps()))


def raw_clicks(env, group_id):
    return env.from_source(clicks_source(group_id), WatermarkStrategy.no_watermarks(), "clicks")


def pipeline_hot_pages(env):
    # A Kafka partition without clicks holds the watermark back: no window fires.
    strategy = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5))
    clicks = with_click_time(raw_clicks(env, "hot-pages"), strategy)
    (page_counts(clicks)
     .filter(lambda count: count[1] >= ALERT_THRESHOLD)
     .print())


def pipeline_page_bursts(env):  # raises: idleTimeout must be greater than zero
    strategy = (WatermarkStrategy
                .for_monotonous_timestamps()
                .with_idleness(Duration.of_millis(0)))
    page_counts(with_click_time(raw_clicks(env, "page-bursts"), strategy)).print()


def pipeline_page_minutes(env):
    # The assigner given to from_source never runs: the windows count by the
    # Kafka record's timestamp, not by the click's time.
    strategy = (WatermarkStrategy
                .for_bounded_out_of_orderness(Duration.of_seconds(5))
                .with_idleness(Duration.of_minutes(1))
                .with_timestamp_assigner(ClickTimestamps()))
    clicks = env.from_source(clicks_source("page-minutes"), strategy, "clicks")
    page_counts(clicks).print()


def pipeline_busy_users(env):
    # Clean: the strategy marks quiet partitions idle after a minute, and the
    # count window needs no watermark at all.
    strategy = (WatermarkStrategy
                .for_bounded_out_of_orderness(Duration.of_seconds(5))
                .with_idleness(Duration.of_minutes(1)))
    clicks = with_click_time(raw_clicks(env, "busy-users"), strategy)
    (clicks
     .map(lambda line: (line.split(",")[1], 1),
          output_type=Types.TUPLE([Types.STRING(), Types.INT()]))
     .key_by(lambda user: user[0])
     .count_window(ALERT_THRESHOLD)
     .reduce(lambda a, b: (a[0], a[1] + b[1]))
     .print())
