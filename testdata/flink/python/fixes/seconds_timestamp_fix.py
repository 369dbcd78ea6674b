"""seconds-timestamp's fixes in Python: `// 1000` removed from the click
time's milliseconds (unsafe) and `int(time.time())` made
`int(time.time() * 1000)` (safe), in the Kafka clicks job
(jobs/seconds_timestamp/clicks_per_minute.py), counted per minute.
Input: ten clicks one hour apart from 2023-11-14T22:13:20Z (as in the Maven
SecondsTimestampFixTest). Broken, all ten land in one window of January
1970; fixed, the click time puts each in its own minute of November 2023,
and the read time puts all ten in the minute they are read, once each."""
import time

from _proof import collect, environment, jobs, lines, main, swapped

T0_MS = 1_700_000_000_000
CLICKS = ["home,%d" % (T0_MS + i * 3_600_000) for i in range(10)]
MINUTE = 60_000


def window(start_ms, n):
    start = start_ms - start_ms % MINUTE
    return "home [%d, %d) %d" % (start, start + MINUTE, n)


def run(job, assigner):
    return sorted(collect(job.counts(swapped(environment(), lines(*CLICKS)), assigner)))


def starts_and_counts(out):
    return [(int(r.split("[")[1].split(",")[0]), int(r.rsplit(" ", 1)[1])) for r in out]


def check():
    broken, fixed = jobs("seconds_timestamp", "clicks_per_minute")
    jan_1970 = [window(T0_MS // 1000, 10)]
    each_hour = sorted(window(T0_MS + i * 3_600_000, 1) for i in range(10))
    click_broken, click_fixed = run(broken, broken.ClickSecond()), run(fixed, fixed.ClickSecond())
    read_broken = starts_and_counts(run(broken, broken.ArrivalSecond()))
    before = time.time() * 1000
    read_fixed = starts_and_counts(run(fixed, fixed.ArrivalSecond()))
    after = time.time() * 1000
    for name, out in [("click time, broken", click_broken), ("click time, fixed", click_fixed),
                      ("read time, broken", read_broken), ("read time, fixed", read_fixed)]:
        print("%s: %s" % (name, out))
    ok_click = click_broken == jan_1970 and click_fixed == each_hour
    ok_read = (sum(n for _, n in read_broken) == 10 and all(s < 10 ** 10 for s, _ in read_broken)
               and sum(n for _, n in read_fixed) == 10
               and all(before - MINUTE <= s <= after for s, _ in read_fixed))
    return (ok_click and ok_read,
            "ten hourly clicks, 1 min windows: click time // 1000 gives %s, fixed %d windows of 1 in Nov 2023; "
            "int(time.time()) gives windows starting at %s ms (1970), fixed at %s ms (now)"
            % (click_broken, len(click_fixed), [s for s, _ in read_broken], [s for s, _ in read_fixed]))


if __name__ == "__main__":
    main(check)
