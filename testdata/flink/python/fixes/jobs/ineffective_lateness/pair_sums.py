"""ineffective-lateness: clicks "page,epoch_millis" from a Kafka topic, their
times summed two by two per page in count windows. The job allows five
minutes of lateness and sends late clicks to a side output, but a count
window is not an event-time window: no click is ever late there, and both
settings do nothing."""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.datastream import OutputTag, StreamExecutionEnvironment

from common import ClickTime, click, parse, topic

LATE = OutputTag("late-clicks")


def sums(env):
    kafka = topic()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)) \
        .with_timestamp_assigner(ClickTime())
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .map(parse, output_type=click()) \
        .assign_timestamps_and_watermarks(ws) \
        .key_by(lambda click: click[0], key_type=Types.STRING()) \
        .count_window(2) \
        .allowed_lateness(300_000) \
        .side_output_late_data(LATE) \
        .reduce(lambda a, b: (a[0], a[1] + b[1]), output_type=click())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    sums(env).print()
    env.execute("pair-sums")
