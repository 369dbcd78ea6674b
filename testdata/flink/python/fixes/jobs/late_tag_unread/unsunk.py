"""late-tag-unread: the same counts; the job takes the late clicks' stream
from the window operator but sinks it nowhere (the dead-letter sink was
never written), so the late clicks are lost."""
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
    late = per_page.get_side_output(late_clicks)
    return per_page


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("unsunk")
