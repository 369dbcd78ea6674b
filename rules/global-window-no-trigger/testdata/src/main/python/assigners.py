"""Window assigners shared by the jobs of this directory."""
from pyflink.datastream.window import GlobalWindows

GLOBAL = GlobalWindows.create()


def global_windows():
    return GlobalWindows.create()
