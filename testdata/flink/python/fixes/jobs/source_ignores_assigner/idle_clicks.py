"""source-ignores-assigner: the clicks job of clicks.py, its strategy
assigned after the source, where PyFlink runs a Python assigner; but the
strategy's with_idleness comes after with_timestamp_assigner and returns a
new strategy without the assigner: the records keep the source's own
timestamps (Kafka's record time; none from a file)."""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow, LineTime, topic


def counts(env):
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(1)) \
        .with_timestamp_assigner(LineTime()) \
        .with_idleness(Duration.of_minutes(1))
    return env.from_source(topic(), WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(ws) \
        .key_by(lambda click: click.split(",")[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("idle-clicks")
