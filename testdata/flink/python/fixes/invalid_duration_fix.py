"""invalid-duration's fix, the unit Flink reads in place of a misspelt one:
the clicks job (jobs/invalid_duration/watermarked_counts.py) spells its
watermark interval "200 msec" and its sources' idle timeout "10 mins"; fixed,
"200 ms" and "10 min". Broken, Flink refuses the interval while it builds the
environment and the idle timeout when the option is read ("Could not parse
value ..."). Fixed, both read as meant (200 ms, 10 min), and the job runs on
that environment: five clicks at 0..4000 ms fall in five 1 s windows, once
each."""
from pyflink.java_gateway import get_gateway

from _proof import collect, environment, jobs, lines, main, swapped

CLICKS = ["home,%d" % ms for ms in range(0, 5000, 1000)]
EACH_SECOND = ["home [%d, %d) 1" % (ms, ms + 1000) for ms in range(0, 5000, 1000)]


def refusal(read):
    """The message of the IllegalArgumentException read() raises, or None."""
    try:
        read()
    except Exception as e:  # noqa: BLE001 - the failure to show
        text = str(e)
        return next((ln.split("IllegalArgumentException: ", 1)[1].strip() for ln in text.splitlines()
                     if "IllegalArgumentException: " in ln), text[:200])
    return None


def idle_timeout(conf):
    """table.exec.source.idle-timeout as the table planner reads it, in ms."""
    jvm = get_gateway().jvm
    return conf._j_configuration.get(jvm.org.apache.flink.table.api.config.ExecutionConfigOptions
                                     .TABLE_EXEC_SOURCE_IDLE_TIMEOUT).toMillis()


def check():
    broken, fixed = jobs("invalid_duration", "watermarked_counts")
    refused_env = refusal(lambda: environment(broken.configuration()))
    refused_idle = refusal(lambda: idle_timeout(broken.configuration()))
    print("broken: environment:", refused_env)
    print("broken: idle timeout:", refused_idle)
    env = environment(fixed.configuration())
    interval, idle = env.get_config().get_auto_watermark_interval(), idle_timeout(fixed.configuration())
    got = sorted(collect(fixed.counts(swapped(env, lines(*CLICKS)))))
    print("fixed: interval %d ms, idle timeout %d ms, windows %s" % (interval, idle, got))
    ok = (refused_env == "Could not parse value '200 msec' for key 'pipeline.auto-watermark-interval'."
          and refused_idle == "Could not parse value '10 mins' for key 'table.exec.source.idle-timeout'."
          and interval == 200 and idle == 600_000 and got == EACH_SECOND)
    return (ok, "broken: %s / %s; fixed: interval %d ms, idle timeout %d ms, %d windows of one click"
            % (refused_env, refused_idle, interval, idle, len(got)))


if __name__ == "__main__":
    main(check)
