from pyflink.datastream import StreamExecutionEnvironment, TimeCharacteristic


def pipeline_v1(env):
    env.set_stream_time_characteristic(TimeCharacteristic.EventTime)
