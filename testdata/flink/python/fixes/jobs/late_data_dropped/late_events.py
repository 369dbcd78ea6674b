"""late-data-dropped: clicks "page,epoch_millis" from a Kafka topic, out of
order by up to 100 ms, counted per page in 1 s event-time windows. A click
later than that arrives behind the watermark and is dropped, counted only in
numLateRecordsDropped."""
from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.window import TumblingEventTimeWindows

from common import ClickTime, CountPerWindow, click, parse, topic

def counts(env):
    kafka = topic()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)).with_timestamp_assigner(ClickTime())
    clicks = env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .map(parse, output_type=click()) \
        .assign_timestamps_and_watermarks(ws)
    per_page = clicks.key_by(lambda click: click[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())
    return per_page


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("late-events")
