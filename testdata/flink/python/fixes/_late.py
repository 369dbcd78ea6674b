"""Shared by the late-data rules' proofs (late_data_dropped_fix,
late_tag_unread_fix, lateness_into_append_sink_fix): the Maven proofs'
LateInput on PyFlink. Clicks of page a at 1000, 1500 and 5000 ms, then the
late clicks, read by the job's own from_source (swapped) from a source that
emits two records a second; its rate limiter (Guava's, which lends at most
one second's permits) lets the first three out at once at most, and each
later one 500 ms after the one before. In the 500 ms before the first late
click the source task idles, the periodic watermark (every 50 ms here)
passes 4000 and fires the window [1000, 2000): the late clicks arrive
behind it, on every run. (At four a second, the four permits lent let all
five clicks out at once, and none is late.)

What makes it deterministic: the source is Java (a DataGeneratorSource,
whose rate limiter waits without holding the task thread, so the watermark
timer runs in the pause), and each Python operator finishes its bundle after
every record (python.fn-execution.bundle.size 1): with the default bundle
(up to 1 s) the click at 5000 and the late ones would leave the Python
timestamp assigner together, with no watermark between them.

What a job prints (the side outputs' print sinks) is read from the JVM's
System.out, which is swapped for the run, as the Maven proofs' Stdout does:
the mini cluster runs in PyFlink's gateway JVM and a print sink takes
System.out when it opens. The stream the job function returns (what its
__main__ prints or sinks to Kafka) is printed too, under RESULTS, in place
of that sink: one line per record that reaches it, as an appending sink
stores them. The job runs with env.execute(), not execute_and_collect():
PyFlink's execute_and_collect keeps only the collected stream's ancestors
(PythonOperatorChainingOptimizer.apply(env, transformation) replaces the
environment's transformations with them), so every other sink of the job,
such as the print of a side output, would silently not run."""
import re

from pyflink.common import Configuration, Types
from pyflink.datastream.connectors import Source
from pyflink.java_gateway import get_gateway

from _proof import environment as kafka_environment, swapped

ON_TIME = ["a [1000, 2000) 2", "a [5000, 6000) 1"]
CLICKS = ["a,1000", "a,1500", "a,5000"]
PER_SECOND = 2
WATERMARK_INTERVAL_MS = 50
RESULTS = "results"


def environment():
    """_proof.environment() (parallelism 1, the Kafka jars), with Python
    bundles of one record and a watermark every 50 ms."""
    conf = Configuration()
    conf.set_string("python.fn-execution.bundle.size", "1")
    env = kafka_environment(conf)
    env.get_config().set_auto_watermark_interval(WATERMARK_INTERVAL_MS)
    return env


def paced(records):
    """A bounded Java source of the text lines records, PER_SECOND a second."""
    jvm = get_gateway().jvm
    string = Types.STRING().get_java_type_info()
    lines = jvm.java.util.ArrayList()
    for r in records:
        lines.add(r)
    return Source(jvm.org.apache.flink.connector.datagen.source.DataGeneratorSource(
        jvm.org.apache.flink.connector.datagen.functions.IndexLookupGeneratorFunction(string, lines),
        len(records),
        jvm.org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy.perSecond(float(PER_SECOND)),
        string))


def printed(run):
    """Runs run() with the JVM's System.out captured; returns (its result,
    the non-empty lines printed meanwhile, in order)."""
    jvm = get_gateway().jvm
    saved = jvm.java.lang.System.out
    buf = jvm.java.io.ByteArrayOutputStream()
    jvm.java.lang.System.setOut(jvm.java.io.PrintStream(buf, True, "UTF-8"))
    try:
        result = run()
    finally:
        jvm.java.lang.System.setOut(saved)
    return result, [line for line in buf.toString("UTF-8").split("\n") if line]


def run(build, late, name):
    """Builds the job with build(env) on the clicks and then the late clicks
    at the times late (ms), prints the stream build returns under RESULTS
    and runs the job. Returns (the records that reached RESULTS, the other
    lines the job printed), each in the order printed."""
    env = swapped(environment(), paced(CLICKS + ["a,%d" % ms for ms in late]))
    build(env).print(RESULTS)
    _, lines = printed(lambda: env.execute(name))
    mark = RESULTS + "> "
    return [line[len(mark):] for line in lines if line.startswith(mark)], \
        [line for line in lines if not line.startswith(mark)]


def python_error(e):
    """The Python exception a failed job ended with ("AttributeError: ..."),
    from the error PyFlink raises; else the error's first line."""
    found = re.findall(r"^(\w+(?:Error|Exception): .*)$", str(e), re.M)
    return found[-1] if found else str(e).strip().splitlines()[0][:300]
