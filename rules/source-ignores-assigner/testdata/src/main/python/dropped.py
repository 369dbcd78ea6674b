"""Python assigners dropped by a later with_idleness or
with_watermark_alignment: each returns a new strategy that wraps only the
Java one."""
from pyflink.common import Duration, WatermarkStrategy

from jobs import kafka_source
from strategies import IDLE_AFTER_ASSIGNER, EventTime


def pipeline_shared(env):
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "a") \
        .assign_timestamps_and_watermarks(IDLE_AFTER_ASSIGNER).print()


def pipeline_shared_again(env):
    # The same strategy in a second job: reported once, where it is built.
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "b") \
        .assign_timestamps_and_watermarks(IDLE_AFTER_ASSIGNER).print()


def pipeline_alignment(env):
    ws = (WatermarkStrategy.for_monotonous_timestamps()
          .with_timestamp_assigner(EventTime())
          .with_watermark_alignment("clicks", Duration.of_seconds(20)))  # want "never runs: with_watermark_alignment drops it"
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "c").assign_timestamps_and_watermarks(ws).print()


def pipeline_comment_between(env):
    # No fix: moving with_idleness would lose the comment.
    ws = (WatermarkStrategy.for_monotonous_timestamps()
          .with_timestamp_assigner(EventTime())  # the click's own time
          .with_idleness(Duration.of_minutes(1)))  # want "never runs: with_idleness drops it"
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "d").assign_timestamps_and_watermarks(ws).print()


def pipeline_from_source(env):
    # Dropped twice: no fix, as assigned after the source the strategy would
    # still lack its assigner (trials: a traffic pipeline).
    ws = (WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(10))
          .with_timestamp_assigner(EventTime())
          .with_idleness(Duration.of_minutes(1)))
    env.from_source(kafka_source(), ws, "e").print()  # want "from_source drops it\\nhelp: .*, with with_idleness before with_timestamp_assigner"


def pipeline_look_alikes(env):
    # with_idleness before the assigner keeps it; and no assigner, nothing to drop.
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "f") \
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_monotonous_timestamps()
                                          .with_idleness(Duration.of_minutes(1))
                                          .with_timestamp_assigner(EventTime())).print()
    env.from_source(kafka_source(), WatermarkStrategy.no_watermarks(), "g") \
        .assign_timestamps_and_watermarks(WatermarkStrategy.for_monotonous_timestamps()
                                          .with_idleness(Duration.of_minutes(1))).print()
