"""global-window-no-trigger: window(GlobalWindows.create()) without a trigger
never fires (its NeverTrigger), not even at the end of bounded input, while
count_window(n) (GlobalWindows with a purging count trigger) emits. One job,
two branches over the same 6 events of one key."""
from pyflink.datastream.window import GlobalWindows

from _common import ROW, collect, environment, main

DATA = [("a", i) for i in range(1, 7)]


def check():
    env = environment()
    ks = env.from_collection(DATA, type_info=ROW).key_by(lambda e: e[0])
    glob = (ks.window(GlobalWindows.create())
            .reduce(lambda a, b: (a[0], a[1] + b[1]), output_type=ROW)
            .map(lambda e: ("global", e[1]), output_type=ROW))
    count = (ks.count_window(3)
             .reduce(lambda a, b: (a[0], a[1] + b[1]), output_type=ROW)
             .map(lambda e: ("count", e[1]), output_type=ROW))
    out = collect(glob.union(count))
    g = [r[1] for r in out if r[0] == "global"]
    c = sorted(r[1] for r in out if r[0] == "count")
    print("window(GlobalWindows.create()).reduce:", g)
    print("count_window(3).reduce:", c)
    return (g == [] and c == [6, 15],
            "6 bounded events: window(GlobalWindows.create()).reduce emitted %s, count_window(3) %s"
            % (g or "nothing", c))


if __name__ == "__main__":
    main(check)
