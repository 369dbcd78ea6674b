"""invalid-duration: clicks "page,epoch_millis" from a Kafka topic, counted
per page in 1 s event-time windows, on an environment whose configuration
spells the watermark interval "200 msec" and whose table configuration spells
the idle timeout of its sources "10 mins": Flink reads neither, and the
environment is never built."""
from pyflink.common import Configuration, Duration, Types, WatermarkStrategy
from pyflink.common.time import Time
from pyflink.datastream import StreamExecutionEnvironment
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow, LineTime, topic


def configuration():
    conf = Configuration()
    conf.set_string("pipeline.auto-watermark-interval", "200 msec")
    conf.set_string("table.exec.source.idle-timeout", "10 mins")
    return conf


def counts(env):
    kafka = topic()
    ws = WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_millis(100)) \
        .with_timestamp_assigner(LineTime())
    return env.from_source(kafka, WatermarkStrategy.no_watermarks(), "clicks") \
        .assign_timestamps_and_watermarks(ws) \
        .key_by(lambda click: click.split(",")[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .process(CountPerWindow(), output_type=Types.STRING())


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment(configuration())
    counts(env).print()
    env.execute("watermarked-counts")
