"""zero-idle-timeout: clicks "page,epoch_millis" from a Kafka topic, counted
per page in 1 s event-time windows. Meant to mark a quiet partition idle at
once, the strategy's with_idleness gets a zero duration, which
WatermarkStrategy refuses: the job is never built."""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow, LineTime, topic


def counts(env):
    kafka = topic()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)) \
        .with_timestamp_assigner(LineTime()) \
        .with_idleness(Duration.of_millis(0))
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(ws) \
        .key_by(lambda click: click.split(",")[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("idle-immediately")
