"""late-tag-unread: the same counts, formatted by a map, whose result the
job asks for the late clicks. Only the window operator emits to the late
tag, so the late clicks' print receives nothing and they are lost."""
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
    lines = per_page.map(lambda line: line.upper(), output_type=Types.STRING())
    lines.get_side_output(late_clicks).print("late-clicks")
    return lines


if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    counts(env).print()
    env.execute("read-after-format")
