"""Ground truth for flinklint's Python testdata (issue 13).

Imports every Python testdata file and builds each of its pipelines against
the real apache-flink package, without executing any job:

    python harness.py [--jars JAR[:JAR...]] [FILE ...]

Files (when none are given): rules/*/testdata/**/python/**/*.py,
testdata/example/**/*.py and this directory's selftest/**/*.py.

The convention (README.md, "Python"): a testdata file only imports and defines
at top level; each case is a top-level function whose name starts with
"pipeline_" and takes one parameter, "env" (a StreamExecutionEnvironment in
streaming mode, the Kafka connector in pipeline.jars) or "t_env" (a
StreamTableEnvironment over such an env). The harness calls it with a fresh
environment; when the case added operators to the env, it also generates the
stream graph (env.get_execution_plan(), which applies PyFlink's operator
configuration and chaining) without submitting it. A case whose "def" line
carries "# raises: <text>" must raise an exception whose text contains
<text>; any other exception fails the case.

Jobs are never run: env.execute/execute_async, DataStream.execute_and_collect,
Table.execute/execute_insert and StatementSet.execute raise instead. In
TableEnvironment.execute_sql, INSERT statements are validated with
StatementSet.add_insert_sql and SELECT/WITH queries with sql_query; other
statements (DDL, USE, ...) run as they are (they start no job).

A file with no pipeline_ function fails, unless it is listed in HELPERS with a
reason (a module that other testdata files import).

Prints one line per file (cases built, failures), the failures with their
error, and a closing "N passed, N failed" line; exits 1 on any failure.
"""

import argparse
import contextlib
import glob
import importlib
import importlib.util
import inspect
import io
import os
import re
import sys
import time
import traceback
import warnings

sys.dont_write_bytecode = True  # never leave __pycache__ in the testdata

# apache-beam 2.48 (a dependency of apache-flink 1.20) imports pkg_resources.
warnings.filterwarnings("ignore", message="pkg_resources is deprecated")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

# Python testdata files without a pipeline_ function, each with the reason.
# Paths are relative to the repository root.
HELPERS = {
    "rules/global-window-no-trigger/testdata/src/main/python/assigners.py":
        "window assigners (GLOBAL, global_windows()) imported by the jobs of its directory",
    "rules/late-data-dropped/testdata/src/main/python/library.py":
        "a library's windowed transformation, built by test_library.py, its only caller (a pipeline_ here would make a job run it)",
    "rules/late-tag-unread/testdata/src/main/python/common.py":
        "LATE_TAG, imported by read.py and unread.py",
    "rules/late-tag-unread/testdata/src/main/python/other_tags.py":
        "another LATE_TAG of the same name (another id), imported by unread.py",
    "rules/source-ignores-assigner/testdata/src/main/python/strategies.py":
        "EVENT_TIME, RECORD_TIME and IDLE_AFTER_ASSIGNER strategies, imported by jobs.py and dropped.py",
    "testdata/flink/python/selftest/jobs/common.py":
        "selftest helper: a strategy and a tag imported by selftest/cases.py",
}

RAISES = re.compile(r"#\s*raises:\s*(.+?)\s*$")


class ExecutionRefused(Exception):
    """A case tried to run a job; the ground truth only builds them."""


def discover():
    pats = [
        "rules/*/testdata/**/python/**/*.py",
        "testdata/example/**/*.py",
        "testdata/flink/python/selftest/**/*.py",
    ]
    files = set()
    for pat in pats:
        for f in glob.glob(os.path.join(ROOT, pat), recursive=True):
            if "__pycache__" not in f.split(os.sep):
                files.add(os.path.abspath(f))
    return sorted(files)


def is_testdata(path):
    """Whether a module's file or package directory is in the repository
    (not pyflink nor anything else of the venv, wherever it lies)."""
    return bool(path) and path.startswith(ROOT + os.sep) and not path.startswith(sys.prefix + os.sep)


def source_root(path):
    """The directory imports of a testdata file are relative to: the nearest
    ancestor named "python" (src/main/python), else the file's directory."""
    d = os.path.dirname(path)
    while True:
        if os.path.basename(d) == "python" and d != HERE:
            return d
        parent = os.path.dirname(d)
        if parent == d or not parent.startswith(ROOT) or d in (ROOT, HERE):
            return os.path.dirname(path)
        d = parent


def refuse(what):
    def method(*args, **kwargs):
        raise ExecutionRefused(f"{what}: the ground truth builds pipelines, it never runs them "
                               "(a case must return without executing)")
    return method


def install_guards():
    """Replaces every call that would run a job by one that raises, and makes
    execute_sql validate INSERT and SELECT statements instead of running
    them."""
    from pyflink.datastream import StreamExecutionEnvironment, DataStream
    from pyflink.table import Table, StatementSet, TableEnvironment

    StreamExecutionEnvironment.execute = refuse("StreamExecutionEnvironment.execute")
    StreamExecutionEnvironment.execute_async = refuse("StreamExecutionEnvironment.execute_async")
    DataStream.execute_and_collect = refuse("DataStream.execute_and_collect")
    Table.execute = refuse("Table.execute")
    Table.execute_insert = refuse("Table.execute_insert")
    StatementSet.execute = refuse("StatementSet.execute")
    if hasattr(StatementSet, "execute_async"):
        StatementSet.execute_async = refuse("StatementSet.execute_async")

    real_execute_sql = TableEnvironment.execute_sql

    def execute_sql(self, stmt):
        head = re.sub(r"(--[^\n]*\n|/\*.*?\*/|\s)+", " ", " " + stmt, flags=re.S).strip().upper()
        if head.startswith("INSERT"):
            self.create_statement_set().add_insert_sql(stmt)
            return None
        if head.startswith("SELECT") or head.startswith("WITH") or head.startswith("VALUES"):
            self.sql_query(stmt)
            return None
        if head.startswith("EXECUTE") or head.startswith("BEGIN STATEMENT SET"):
            raise ExecutionRefused("execute_sql(%r...): runs a job" % stmt[:40])
        return real_execute_sql(self, stmt)

    TableEnvironment.execute_sql = execute_sql


def make_env(jars):
    from pyflink.common import Configuration
    from pyflink.datastream import StreamExecutionEnvironment, RuntimeExecutionMode
    conf = Configuration()
    if jars:
        conf.set_string("pipeline.jars", ";".join("file://" + os.path.abspath(j) for j in jars))
    env = StreamExecutionEnvironment.get_execution_environment(conf)
    env.set_runtime_mode(RuntimeExecutionMode.STREAMING)
    return env


def make_t_env(jars):
    from pyflink.table import EnvironmentSettings, StreamTableEnvironment
    return StreamTableEnvironment.create(make_env(jars), EnvironmentSettings.in_streaming_mode())


def has_operators(env):
    return env._j_stream_execution_environment.getTransformations().size() > 0


def expected_raise(path, func):
    """The text of "# raises: <text>" on the def line of func, or None."""
    lines, start = inspect.getsourcelines(func)
    for i, line in enumerate(lines):
        if re.match(r"\s*(async\s+)?def\s", line):
            m = RAISES.search(line)
            return m.group(1) if m else None
    return None


def error_text(e):
    return "%s: %s" % (type(e).__name__, e)


def first_line(text):
    """The line that says what went wrong: for a Py4JJavaError, the Java
    exception ("java.lang.IllegalArgumentException: ..."), not Py4J's
    "An error occurred while calling o54.withIdleness." nor the stack."""
    lines = [ln.strip() for ln in str(text).splitlines() if ln.strip()]
    for line in lines:
        if "An error occurred while calling" in line:
            continue
        return line.lstrip(": ")[:300]
    return lines[0][:300] if lines else ""


def run_case(func, jars):
    """Returns None when the case holds, else the reason it fails."""
    params = list(inspect.signature(func).parameters)
    if params == ["env"]:
        env = make_env(jars)
        arg = env
    elif params == ["t_env"]:
        arg = make_t_env(jars)
        env = None
    else:
        return "takes %s; a case takes one parameter named env or t_env" % (params or "nothing")
    want = expected_raise(func.__module__, func)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # a case's own prints are not the report
            func(arg)
        if env is not None and has_operators(env):
            env.get_execution_plan()  # builds the StreamGraph; nothing is submitted
    except ExecutionRefused as e:
        return str(e)
    except Exception as e:  # noqa: BLE001 - any exception is an outcome to judge
        text = error_text(e)
        if want is None:
            return "raised " + first_line(text)
        if want in text:
            return None
        return "raised %s, which does not contain %r" % (first_line(text), want)
    if want is not None:
        return "built without raising; expected an exception containing %r" % want
    return None


def import_file(path):
    root = source_root(path)
    rel = os.path.relpath(path, root)[:-3]
    name = rel.replace(os.sep, ".")
    sys.path[:0] = [os.path.dirname(path), root]
    try:
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", name):
            return importlib.import_module(name)
        spec = importlib.util.spec_from_file_location(os.path.basename(rel), path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        del sys.path[:2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jars", default=os.environ.get("FLINKLINT_PYFLINK_JARS", ""),
                    help="jars for pipeline.jars, separated by ':'")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    jars = [j for j in args.jars.split(":") if j]

    start = time.time()
    install_guards()
    files = [os.path.abspath(f) for f in args.files] or discover()
    baseline = set(sys.modules)
    passed = failed = 0
    report = []
    for path in files:
        rel = os.path.relpath(path, ROOT)
        # Each file is imported afresh: testdata of different rules may hold
        # modules of the same name (jobs/common.py).
        for name in set(sys.modules) - baseline:
            mod = sys.modules[name]
            paths = [getattr(mod, "__file__", None) or ""] + list(getattr(mod, "__path__", None) or [])
            if any(is_testdata(p) for p in paths):
                del sys.modules[name]
        importlib.invalidate_caches()
        t0 = time.time()
        try:
            mod = import_file(path)
        except Exception:  # noqa: BLE001
            failed += 1
            print("FAIL %s: import: %s" % (rel, first_line(traceback.format_exc().splitlines()[-1])))
            report.append((rel, "import", traceback.format_exc()))
            continue
        cases = [(n, f) for n, f in vars(mod).items()
                 if n.startswith("pipeline_") and inspect.isfunction(f)
                 and os.path.abspath(inspect.getsourcefile(f)) == path]
        if not cases:
            if rel in HELPERS:
                print("ok   %s: helper, no cases (%s)" % (rel, HELPERS[rel]))
            else:
                failed += 1
                print("FAIL %s: no pipeline_ function (every Python testdata file must build its "
                      "pipelines in pipeline_ functions, or be listed in HELPERS of harness.py "
                      "with a reason)" % rel)
            continue
        cases.sort(key=lambda c: c[1].__code__.co_firstlineno)
        bad = []
        raising = 0
        for n, f in cases:
            why = run_case(f, jars)
            if why is None:
                passed += 1
                raising += expected_raise(path, f) is not None
            else:
                failed += 1
                bad.append((n, why))
        status = "FAIL" if bad else "ok  "
        print("%s %s: %d cases built (%d raised as expected), %d failed, %.1fs"
              % (status, rel, len(cases) - len(bad), raising, len(bad), time.time() - t0))
        for n, why in bad:
            print("       %s (line %d): %s" % (n, dict(cases)[n].__code__.co_firstlineno, why))
    for rel, what, tb in report:
        print("\n== %s (%s)\n%s" % (rel, what, tb))
    print("python ground truth: %d files in %.1fs" % (len(files), time.time() - start))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
