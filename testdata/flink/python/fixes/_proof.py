"""Shared by the fix proofs (issue 27). A proof, fixes/<rule>_fix.py,
defines check() like a semantic check: it runs a broken job of
jobs/<rule>/ and its copy fixed by flinklint (run.sh runs
fixes/prove.sh first, which writes the copies under FIXED) on the same
input, and returns (ok, summary). Adding a proof: one job file in
jobs/<rule>/ (a rule id with underscores), one check here."""
import atexit
import importlib
import importlib.util
import inspect
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "semantics"))
# _common first: its warning filters. collect and main are for the checks.
from _common import collect, collect_until, main, environment as plain_environment  # noqa: E402,F401

import cloudpickle  # noqa: E402
from pyflink.common import Configuration, Duration, Types  # noqa: E402
from pyflink.datastream.connectors import Source  # noqa: E402
from pyflink.datastream.connectors.file_system import FileSource, StreamFormat  # noqa: E402
from pyflink.java_gateway import get_gateway  # noqa: E402

JOBS = os.path.join(HERE, "jobs")
FIXED = os.environ.get("FLINKLINT_PYFLINK_FIXED",
                       os.path.join(HERE, "..", "target", "fixed-src", "fixed"))


def _load(path, name):
    """Imports path as module name, its functions and classes pickled by
    value: PyFlink's workers cannot import the jobs' modules."""
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    cloudpickle.register_pickle_by_value(mod)
    return mod


def jobs(rule, job):
    """The broken job jobs/<rule>/<job>.py and its fixed copy, as modules."""
    fixed = os.path.join(FIXED, rule, job + ".py")
    if not os.path.exists(fixed):
        raise FileNotFoundError("%s: no fixed copy; run testdata/flink/fixes/prove.sh %s %s first (run.sh does)"
                                % (fixed, os.path.dirname(os.path.dirname(FIXED)), JOBS))
    if JOBS not in sys.path:
        sys.path.insert(0, JOBS)
    cloudpickle.register_pickle_by_value(importlib.import_module("common"))
    return (_load(os.path.join(JOBS, rule, job + ".py"), "broken_%s_%s" % (rule, job)),
            _load(fixed, "fixed_%s_%s" % (rule, job)))


def environment(conf=None):
    """A parallelism-1 streaming environment with the Kafka connector in
    pipeline.jars (the jobs build a KafkaSource, which a test never opens),
    built as get_execution_environment(conf) builds it (a job's own
    configuration, when given)."""
    conf = conf or Configuration()
    jars = [j for j in os.environ.get("FLINKLINT_PYFLINK_JARS", "").split(":") if j]
    conf.set_string("pipeline.jars", ";".join("file://" + os.path.abspath(j) for j in jars))
    return plain_environment(conf=conf)


def swapped(env, source):
    """env, whose from_source reads `source` instead of the job's own: the
    job's strategy and operators run as written, on input the check controls.
    Called again on env, it swaps in the new source for the jobs built after."""
    real = type(env).from_source.__get__(env)

    def from_source(*args, **kwargs):
        bound = inspect.signature(real).bind(*args, **kwargs)
        bound.arguments["source"] = source
        return real(*bound.args, **bound.kwargs)

    env.from_source = from_source
    return env


def lines(*records):
    """A bounded source of the given text lines (a file, read as Kafka
    values "key,epoch_millis" would be): records without a timestamp."""
    fd, path = tempfile.mkstemp(prefix="flinklint-fix-", suffix=".txt")
    atexit.register(os.remove, path)
    with os.fdopen(fd, "w") as f:
        f.write("".join(r + "\n" for r in records))
    return FileSource.for_record_stream_format(StreamFormat.text_line_format(), path).build()


class Directory:
    """An unbounded source the check feeds while the job runs: a directory
    read continuously (new files every 100 ms), to which write() adds a
    file of text lines. It never ends: run the job with collect_until."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="flinklint-fix-")
        self.files = 0
        atexit.register(shutil.rmtree, self.path, True)

    def write(self, *records):
        self.files += 1
        # Under a hidden name first: FileSource skips names starting with ".".
        name = os.path.join(self.path, str(self.files))
        tmp = os.path.join(self.path, "." + str(self.files))
        with open(tmp, "w") as f:
            f.write("".join(r + "\n" for r in records))
        os.rename(tmp, name)

    def source(self):
        return FileSource.for_record_stream_format(StreamFormat.text_line_format(), self.path) \
            .monitor_continuously(Duration.of_millis(100)).build()


def scripted(name, *steps):
    """The Maven suites' ScriptedSource (testdata/flink/semantics; run.sh
    compiles it into pipeline.jars): one reader playing steps, records
    (split, ts) that carry ts as their timestamp, each split with its own
    output, as a Kafka partition has. A step is a ScriptedSource.Step
    factory and its arguments: ("split", "quiet"), ("emit", "a", 1000),
    ("emitUntilGate", "busy", 0, 100, 20, "never-opened", 60_000). Build
    the environment first: it puts the jar on the gateway's class path."""
    source = get_gateway().jvm.dev.flinklint.semantics.ScriptedSource
    script = get_gateway().jvm.java.util.ArrayList()
    for factory, *args in steps:
        script.add(getattr(getattr(source, "Step"), factory)(*args))
    return Source(source(name, script))


def side_by_side(broken, fixed, input_for, windows, timeout, grace=0):
    """Runs the broken and the fixed job's counts (module functions of the
    environment) in one job, each on its own input_for(label), until the
    fixed one emitted `windows` records (and `grace` seconds more) or
    `timeout` seconds passed. Returns (broken's records, fixed's, seconds
    it ran, whether the fixed one got there)."""
    env = environment()
    both = labelled(broken.counts(swapped(env, input_for("broken"))), "broken") \
        .union(labelled(fixed.counts(swapped(env, input_for("fixed"))), "fixed"))
    out, secs, held = collect_until(both, lambda out: sum(1 for lb, _ in out if lb == "fixed") >= windows,
                                    timeout, grace)
    return [r for lb, r in out if lb == "broken"], [r for lb, r in out if lb == "fixed"], secs, held


def labelled(stream, label):
    """stream's records as (label, str(record)): broken and fixed jobs built
    on one environment, their streams labelled and unioned, run side by
    side in one job, each on its own copy of the input."""
    return stream.map(lambda r: (label, str(r)), output_type=Types.TUPLE([Types.STRING(), Types.STRING()]))
