"""lateness-into-append-sink's fix, a side output for late elements
(side_output_late_data, printed) instead of allowed_lateness(10_000), in the
Kafka clicks job (jobs/lateness_into_append_sink/late_firings.py), whose
counts its __main__ appends to a Kafka topic: here each count the job
returns is printed instead, one line per record the sink would append.
Input (_late.py, the Maven LatenessIntoAppendSinkFixTest's LateInput):
clicks of page a at 1000, 1500 and 5000 ms, then, once the window
[1000, 2000) has fired, one click at 1200 ms, within the allowed lateness.
Broken, the window fires again: the sink gets two counts for [1000, 2000),
2 and then 3. Fixed, each window reaches the sink once, and the late click
is printed as the side output's record."""
from _proof import jobs, main
from _late import ON_TIME, run

LATE = [1200]
TWICE = ["a [1000, 2000) 2", "a [1000, 2000) 3", "a [5000, 6000) 1"]
PRINTED = ["late-records> ('a', 1200)"]


def check():
    broken, fixed = jobs("lateness_into_append_sink", "late_firings")
    got_broken, printed_broken = run(broken.counts, LATE, "late-firings-broken")
    got_fixed, printed_fixed = run(fixed.counts, LATE, "late-firings-fixed")
    print("broken: appended %s, printed %s" % (got_broken, printed_broken))
    print("fixed: appended %s, printed %s" % (got_fixed, printed_fixed))
    return (got_broken == TWICE and printed_broken == [] and got_fixed == ON_TIME and printed_fixed == PRINTED,
            "clicks at 1000, 1500, 5000 ms, then late at 1200 ms: broken appends %s ([1000, 2000) twice); "
            "fixed appends %s and prints %s" % (got_broken, got_fixed, printed_fixed))


if __name__ == "__main__":
    main(check)
