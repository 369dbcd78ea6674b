"""event-time-without-watermarks's fix,
for_bounded_out_of_orderness(Duration.of_seconds(5)).with_idleness(
Duration.of_minutes(1)) in place of no_watermarks() in from_source, with no
timestamp assigner: the Kafka clicks job of jobs/event_time_without_watermarks/
click_counts.py on the input of the Maven EventTimeWithoutWatermarksFixTest,
a partition that receives a click every 20 ms, each stamped 100 ms after the
last, as Kafka stamps its records (ScriptedSource). The broken and the fixed
job run side by side in one job, each on its own copy of the input, until
the fixed one fired 10 windows (and 2 s more) or 60 s passed. Broken, no
window fires while the source is open; fixed, the windows fire once the
clicks pass 5 s beyond a window's end, each once with its 10 clicks."""
from _proof import jobs, main, scripted, side_by_side


def input_for(label):
    return scripted("fix-etw-" + label, ("emitUntilGate", "busy", 0, 100, 20, "fix-etw-never", 300_000))


def check():
    broken, fixed = jobs("event_time_without_watermarks", "click_counts")
    got_broken, got_fixed, secs, held = side_by_side(broken, fixed, input_for, 10, 60, grace=2)
    print("broken: %d windows in %.0f s" % (len(got_broken), secs))
    print("fixed: %d windows, first %s" % (len(got_fixed), got_fixed[:3]))
    whole = all(r.endswith(") 10") for r in got_fixed) and len(set(got_fixed)) == len(got_fixed)
    return (held and got_broken == [] and got_fixed[:1] == ["busy [0, 1000) 10"] and whole,
            "one busy partition, source open %.0f s: broken fired no window; fixed fired %d, whole and once each"
            % (secs, len(got_fixed)))


if __name__ == "__main__":
    main(check)
