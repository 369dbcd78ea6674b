"""Shared by the semantic checks. Each semantics/<rule>.py defines check(),
which runs its jobs, prints what it observed and returns (ok, summary); run
as a script it prints a closing "PASS <summary>" or "FAIL <summary>" line
and exits 0 only on PASS. run.sh runs them all in one Python process
(_all.py), so that the JVM and the first job's start-up are paid once."""
import sys
import threading
import time
import warnings

sys.dont_write_bytecode = True
warnings.filterwarnings("ignore", message="pkg_resources is deprecated")

from pyflink.common import Types  # noqa: E402
from pyflink.common.watermark_strategy import TimestampAssigner  # noqa: E402
from pyflink.datastream import StreamExecutionEnvironment, RuntimeExecutionMode  # noqa: E402

ROW = Types.TUPLE([Types.STRING(), Types.LONG()])


def environment(parallelism=1, conf=None):
    env = StreamExecutionEnvironment.get_execution_environment(conf)
    env.set_runtime_mode(RuntimeExecutionMode.STREAMING)
    env.set_parallelism(parallelism)
    return env


class FieldAssigner(TimestampAssigner):
    """Takes the event timestamp from field 1 of a row, divided by div (1:
    epoch milliseconds as Flink expects; 1000: seconds, the bug)."""

    def __init__(self, div=1):
        self.div = div

    def extract_timestamp(self, value, record_timestamp):
        return value[1] // self.div


def collect(ds):
    """Runs a bounded job to its end and returns what ds emitted. Only ds
    and what it reads run: PyFlink's execute_and_collect drops the job's
    other sinks (a side output's print among them)."""
    with ds.execute_and_collect() as results:
        return list(results)


def collect_until(ds, stop, timeout, grace=0):
    """Runs an unbounded job until stop(results so far) holds (and then
    `grace` seconds more) or `timeout` seconds pass, then cancels it. Returns
    (results in arrival order, seconds it ran, whether stop held)."""
    out = []
    it = ds.execute_and_collect()
    done = threading.Event()

    def drain():
        try:
            for r in it:
                out.append(r)
        except Exception:  # noqa: BLE001 - the iterator fails when the job is cancelled
            pass
        finally:
            done.set()

    t0 = time.time()
    threading.Thread(target=drain, daemon=True).start()
    held = False
    while time.time() - t0 < timeout and not done.is_set():
        if stop(list(out)):
            held = True
            time.sleep(grace)
            break
        time.sleep(0.2)
    seen = list(out)
    elapsed = time.time() - t0
    try:
        it.close()  # cancels the job
    except Exception:  # noqa: BLE001
        pass
    done.wait(10)
    return seen, elapsed, held


def main(check):
    """Runs one check as a script: prints its closing PASS/FAIL line and
    exits 0 only on PASS. check() prints what it observed and returns
    (ok, summary)."""
    ok, summary = check()
    print(("PASS " if ok else "FAIL ") + summary, flush=True)
    sys.exit(0 if ok else 1)
