import os


def java_opts(conf_dir):
    with open(os.path.join(conf_dir, "flink-conf.yaml")) as f:
        return f.read()
