from pyflink.common import Configuration, Duration, Types, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner

from idle_common import NO_IDLE_MS, ONE_MINUTE, ZERO_IDLE

NEGATIVE_MS = -1
ZERO = 0


class EventTime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value[1]


def pipeline_of_millis_zero(env):  # raises: idleTimeout must be greater than zero
    ws = (WatermarkStrategy
          .for_bounded_out_of_orderness(Duration.of_seconds(5))
          .with_idleness(Duration.of_millis(0)))  # want "idle timeout is zero"
    env.from_collection([("a", 1)]).assign_timestamps_and_watermarks(ws).print()


def pipeline_of_seconds_zero(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_seconds(0))  # want "idle timeout is zero"


def pipeline_backslash_chain(env):  # raises: idleTimeout must be greater than zero
    ws = WatermarkStrategy \
        .for_bounded_out_of_orderness(Duration.of_seconds(5)) \
        .with_timestamp_assigner(EventTime()) \
        .with_idleness(Duration.of_nanos(0))  # want "idle timeout is zero"
    env.from_collection([("a", 1)]).assign_timestamps_and_watermarks(ws)


def pipeline_comment_in_chain(env):  # raises: idleTimeout must be greater than zero
    # No fix: moving with_idleness before the assigner would lose the comment.
    (WatermarkStrategy
        .for_monotonous_timestamps()
        .with_timestamp_assigner(EventTime())  # the click's own time
        .with_idleness(Duration.of_millis(0)))  # want "idle timeout is zero"

def pipeline_local_constant(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(ZERO))  # want "idle timeout is zero"


def pipeline_imported_duration(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(ZERO_IDLE)  # want "idle timeout is zero"


def pipeline_imported_millis(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(NO_IDLE_MS))  # want "idle timeout is zero"


def pipeline_keyword(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(idle_timeout=Duration.of_seconds(0))  # want "idle timeout is zero"


def pipeline_arithmetic(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_seconds(60 - 60))  # want "idle timeout is zero"


def pipeline_negative(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_seconds(-1))  # want "idle timeout is negative"


def pipeline_negative_constant(env):  # raises: idleTimeout must be greater than zero
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(NEGATIVE_MS))  # want "idle timeout is negative"


def idle_strategy(timeout):
    return WatermarkStrategy.for_monotonous_timestamps().with_idleness(timeout)


def pipeline_positive(env):
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(1))
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(ONE_MINUTE)
    WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_seconds(30 * 2))
    # A zero bound is legal: only the idle timeout must be positive.
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(0)).with_idleness(Duration.of_minutes(1))
    env.from_collection([("a", 1)], type_info=Types.TUPLE([Types.STRING(), Types.INT()])) \
        .assign_timestamps_and_watermarks(ws.with_timestamp_assigner(EventTime()))


def pipeline_unknown(env):
    # The timeout is a parameter: its value is not known here.
    idle_strategy(Duration.of_minutes(5))
    # WatermarkStrategy.for_monotonous_timestamps().with_idleness(Duration.of_millis(0))
    doc = "with_idleness(Duration.of_millis(0)) throws while the job is built"
    return doc
