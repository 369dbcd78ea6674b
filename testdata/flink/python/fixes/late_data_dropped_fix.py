"""late-data-dropped's fix, a side output for late elements
(side_output_late_data) read on the window operator and printed
(get_side_output(...).print("late-data")), in the Kafka clicks job
(jobs/late_data_dropped/late_events.py: out of order by up to 100 ms, 1 s
windows). Input (_late.py, the Maven LateDataDroppedFixTest's LateInput):
clicks of page a at 1000, 1500 and 5000 ms, then, once the watermark has
passed 4000 and fired the window [1000, 2000), two late clicks at 100 and
1200 ms. Broken, the windows count only the on-time clicks and nothing else
is printed: the late clicks are dropped (they would have made a window
[0, 1000) and a third click in [1000, 2000)). Fixed, the windows' counts are
unchanged and both late clicks are printed as the side output's records."""
from _proof import jobs, main
from _late import ON_TIME, run

LATE = [100, 1200]
PRINTED = ["late-data> ('a', 100)", "late-data> ('a', 1200)"]


def check():
    broken, fixed = jobs("late_data_dropped", "late_events")
    got_broken, printed_broken = run(broken.counts, LATE, "late-events-broken")
    got_fixed, printed_fixed = run(fixed.counts, LATE, "late-events-fixed")
    print("broken: results %s, printed %s" % (got_broken, printed_broken))
    print("fixed: results %s, printed %s" % (got_fixed, printed_fixed))
    return (got_broken == ON_TIME and printed_broken == [] and got_fixed == ON_TIME and printed_fixed == PRINTED,
            "clicks at 1000, 1500, 5000 ms, then late at 100 and 1200 ms: broken counts %s and prints %s "
            "(the late clicks dropped); fixed counts %s and prints %s"
            % (got_broken, printed_broken or "nothing", got_fixed, printed_fixed))


if __name__ == "__main__":
    main(check)
