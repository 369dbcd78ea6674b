import calendar
import time
from datetime import datetime, timezone

from pyflink.common import Duration, Row, Types, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import KeyedProcessFunction

EVENTS = Types.ROW_NAMED(["user", "ts", "created_at"], [Types.STRING(), Types.LONG(), Types.STRING()])


class WallClockSeconds(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):  # want "returns seconds \\(time.time\\(\\)\\)"
        return int(time.time())


class DividedTimestamp(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):  # want "returns seconds \\(value.ts // 1000\\)"
        return value.ts // 1000


class ParsedDatetime(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):  # want "returns seconds \\(dt.timestamp\\(\\)\\)"
        dt = datetime.fromisoformat(value.created_at)
        return int(dt.timestamp())


class UtcTuple(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):  # want "returns seconds \\(calendar.timegm"
        return calendar.timegm(time.strptime(value.created_at, "%Y-%m-%dT%H:%M:%S"))


class Base(TimestampAssigner):
    pass


class Inherited(Base):
    def extract_timestamp(self, value, record_timestamp):  # want "returns seconds \\(value.ts / 1000\\)"
        return int(value.ts / 1000)


class Millis(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value.ts * 1000


class WallClockMillis(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(time.time() * 1000)


class NanosToMillis(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(time.time_ns() / 1_000_000)


class SinceStart(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        elapsed = datetime.now(timezone.utc) - datetime(2024, 1, 1, tzinfo=timezone.utc)
        return int(elapsed.total_seconds() * 1000)


class DatetimeMillis(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return int(datetime.timestamp(datetime.fromisoformat(value.created_at)) * 1000)


def to_epoch_milli(text):
    return int(datetime.fromisoformat(text).timestamp() * 1000)


class Converted(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return to_epoch_milli(value.created_at)


class FieldNamedTimestamp(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value.timestamp


class PandasNanos(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value.created_ns // 1_000_000


class KeepRecordTimestamp(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return record_timestamp


class NotAnAssigner(object):
    def extract_timestamp(self, value, record_timestamp):
        return int(time.time())


def stream(env):
    return env.from_collection([Row(user="a", ts=1_700_000_000_000, created_at="2024-01-01T00:00:00")], type_info=EVENTS)


def strategy(assigner):
    return WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)).with_timestamp_assigner(assigner)


def pipeline_seconds_classes(env):
    for assigner in [WallClockSeconds(), DividedTimestamp(), ParsedDatetime(), UtcTuple(), Inherited()]:
        stream(env).assign_timestamps_and_watermarks(strategy(assigner)).print()


# PyFlink 1.20 takes a lambda in with_timestamp_assigner, but the stream it is
# assigned to calls its extract_timestamp: only TimestampAssigner objects work there.
def pipeline_lambda_assigned(env):  # raises: 'function' object has no attribute 'extract_timestamp'
    ws = WatermarkStrategy.for_monotonous_timestamps() \
        .with_timestamp_assigner(lambda e, ts: e.ts // 1000)  # want "returns seconds \\(e.ts // 1000\\)"
    stream(env).assign_timestamps_and_watermarks(ws).print()


def pipeline_lambdas(env):
    (WatermarkStrategy.for_monotonous_timestamps()
        .with_timestamp_assigner(lambda e, ts: int(time.time())))  # want "returns seconds \\(time.time\\(\\)\\)"
    (WatermarkStrategy.for_monotonous_timestamps()
        .with_timestamp_assigner(lambda e, ts: e.created_sec))  # want "returns seconds \\(e.created_sec\\)"


def pipeline_millis(env):
    for assigner in [Millis(), WallClockMillis(), NanosToMillis(), SinceStart(), DatetimeMillis(), Converted(),
                     FieldNamedTimestamp(), PandasNanos(), KeepRecordTimestamp()]:
        stream(env).assign_timestamps_and_watermarks(strategy(assigner)).print()
    (WatermarkStrategy.for_monotonous_timestamps()
        .with_timestamp_assigner(lambda e, ts: e.ts))
    (WatermarkStrategy.for_monotonous_timestamps()
        .with_timestamp_assigner(lambda e, ts: e.ts * 1000))
    # Wall-clock time outside an assigner is no event timestamp.
    started = time.time()
    return NotAnAssigner(), started


class Timers(KeyedProcessFunction):
    def process_element(self, value, ctx):
        ctx.timer_service().register_event_time_timer(int(time.time()) + 60)  # want "^timer set in seconds \\(.*\\)\\nhelp: convert the time to milliseconds"
        ctx.timer_service().register_event_time_timer(ctx.timestamp() + 60_000)
        ctx.timer_service().register_processing_time_timer(ctx.timer_service().current_processing_time() + 1000)
        ctx.timer_service().register_processing_time_timer(int(time.time() * 1000) + 1000)
        yield value


def pipeline_timers(env):
    stream(env).key_by(lambda e: e.user).process(Timers()).print()
