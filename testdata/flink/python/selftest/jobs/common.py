# A helper module of the harness's self-test: imported by selftest/cases.py,
# no pipeline_ function of its own (listed in HELPERS of harness.py).
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream import OutputTag


class MillisAssigner(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value[1]


STRATEGY = (WatermarkStrategy
            .for_bounded_out_of_orderness(Duration.of_seconds(5))
            .with_idleness(Duration.of_minutes(1)))


def late_tag():
    return OutputTag("late", Types.TUPLE([Types.STRING(), Types.LONG()]))
