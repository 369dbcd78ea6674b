"""late-tag-unread: clicks "page,epoch_millis" from a Kafka topic, counted
per page in 1 s event-time windows. Late clicks are sent to a side output
that nothing reads, so they are lost, and numLateRecordsDropped, which would
have counted them, stays at 0."""
from pyflink.common import Types
from pyflink.common.time import Time
from pyflink.datastream import OutputTag, StreamExecutionEnvironment
from pyflink.datastream.window import TumblingEventTimeWindows

from common import CountPerWindow, click, clicks


def counts(env):
    late_clicks = OutputTag("late-clicks", click())
    per_page = clicks(env).key_by(lambda click: click[0], key_type=Types.STRING()) \
        .window(TumblingEventTimeWindows.of(Time.seconds(1))) \
        .side_output_late_data(late_clicks) \
        .process(CountPerWindow(), output_type=Types.STRING())
    return per_page


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("late-clicks")
