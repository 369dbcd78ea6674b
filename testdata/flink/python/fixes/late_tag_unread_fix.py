"""late-tag-unread's fixes, in three Kafka clicks jobs whose 1 s windows send
late clicks to the tag "late-clicks" (jobs/late_tag_unread/): late_clicks.py
never reads it (fixed: read on the window operator and printed),
read_after_format.py reads it on the map that formats the counts (fixed: the
read moved to the window operator, the author's print kept), unsunk.py reads
it into a variable that goes nowhere (fixed: printed). Input (_late.py, the
Maven LateTagUnreadFixTest's LateInput): clicks of page a at 1000, 1500 and
5000 ms, then, once the window [1000, 2000) has fired, late clicks at 100 and
1200 ms.

Broken, unsunk.py counts only the on-time clicks and prints nothing else:
the late clicks are lost, as on Java. The other two fail at the first late
click, which is not what the rule says of Java: PyFlink 1.20's Python window
operator yields (tag, click) for a late click, and an operator whose side
outputs nothing asks for (FunctionOperation.has_side_output false) sends
that pair down its main output, where the string counts' coder cannot
write it ("'tuple' object has no attribute 'encode'") or the formatting map
gets it instead of a line ("... no attribute 'upper'"). Fixed, each job
counts as before and prints both late clicks."""
from _proof import jobs, main
from _late import ON_TIME, python_error, run

LATE = [100, 1200]
PRINTED = ["late-clicks> (a,100)", "late-clicks> (a,1200)"]
# What each broken job does with the late clicks, and the windows' counts.
JOBS = {
    "late_clicks": ("AttributeError: 'tuple' object has no attribute 'encode'", ON_TIME),
    "read_after_format": ("AttributeError: 'tuple' object has no attribute 'upper'", [r.upper() for r in ON_TIME]),
    "unsunk": (None, ON_TIME),
}


def attempt(job, name):
    try:
        return run(job.counts, LATE, name) + (None,)
    except Exception as e:  # noqa: BLE001 - the failure to show
        return None, None, python_error(e)


def check():
    ok, seen = True, []
    for name, (error, counts) in JOBS.items():
        broken, fixed = jobs("late_tag_unread", name)
        got_broken, printed_broken, error_broken = attempt(broken, name + "-broken")
        got_fixed, printed_fixed, error_fixed = attempt(fixed, name + "-fixed")
        print("%s, broken: %s" % (name, error_broken or "results %s, printed %s" % (got_broken, printed_broken)))
        print("%s, fixed: %s" % (name, error_fixed or "results %s, printed %s" % (got_fixed, printed_fixed)))
        if error:
            ok = ok and error_broken == error
            broken_shows = "fails: " + str(error_broken)
        else:
            ok = ok and error_broken is None and got_broken == counts and printed_broken == []
            broken_shows = "counts %s, prints %s" % (got_broken, printed_broken or "nothing")
        ok = ok and error_fixed is None and got_fixed == counts and printed_fixed == PRINTED
        seen.append("%s: broken %s; fixed counts the same, prints %s"
                    % (name, broken_shows, printed_fixed or error_fixed))
    return (ok, "clicks at 1000, 1500, 5000 ms, then late at 100 and 1200 ms. " + ". ".join(seen))


if __name__ == "__main__":
    main(check)
