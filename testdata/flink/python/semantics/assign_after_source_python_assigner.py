"""assign-after-source, PyFlink: a Python TimestampAssigner works only in
assign_timestamps_and_watermarks. from_source(source, strategy, name) hands
the strategy's Java object to the source and drops the Python assigner set
with with_timestamp_assigner (pyflink/datastream/stream_execution_environment.py,
from_source; the same in 2.3.0): records keep the source's own timestamps
(Kafka's record timestamp; none for a NumberSequenceSource), silently.

One job, two branches over the numbers 1..5, the same strategy
(for_monotonous_timestamps().with_timestamp_assigner(n -> n * 1000)): passed to
from_source, a process function sees no timestamp on any record
(Long.MIN_VALUE, the no-timestamp marker); assigned
after the source, it sees 1000..5000. So moving such a strategy into
from_source, as assign-after-source advises on Java, breaks a PyFlink job."""
from pyflink.common import Types, WatermarkStrategy
from pyflink.common.watermark_strategy import TimestampAssigner
from pyflink.datastream.connectors.number_seq import NumberSequenceSource
from pyflink.datastream.functions import ProcessFunction

from _common import collect, environment, main


# ctx.timestamp() of a record without a timestamp: Java's Long.MIN_VALUE
# marker (1.20.5), or None.
NO_TIMESTAMP = ("-9223372036854775808", "None")


class Seconds(TimestampAssigner):
    def extract_timestamp(self, value, record_timestamp):
        return value * 1000


class ShowTimestamp(ProcessFunction):
    def __init__(self, label):
        self.label = label

    def process_element(self, value, ctx):
        yield "%s %d: %s" % (self.label, value, ctx.timestamp())


def strategy():
    return WatermarkStrategy.for_monotonous_timestamps().with_timestamp_assigner(Seconds())


def check():
    env = environment()
    in_source = (env.from_source(NumberSequenceSource(1, 5), strategy(), "in-source")
                 .process(ShowTimestamp("in from_source"), output_type=Types.STRING()))
    after = (env.from_source(NumberSequenceSource(1, 5), WatermarkStrategy.no_watermarks(), "after")
             .assign_timestamps_and_watermarks(strategy())
             .process(ShowTimestamp("after the source"), output_type=Types.STRING()))
    out = collect(in_source.union(after))
    a = sorted(r for r in out if r.startswith("in from_source"))
    b = sorted(r for r in out if r.startswith("after the source"))
    print("\n".join(a + b))
    ts_a = [r.rsplit(": ", 1)[1] for r in a]
    ts_b = [r.rsplit(": ", 1)[1] for r in b]
    return (len(a) == 5 and all(t in NO_TIMESTAMP for t in ts_a) and ts_b == ["1000", "2000", "3000", "4000", "5000"],
            "strategy with a Python assigner: in from_source the records have timestamps %s; "
            "assigned after the source %s" % (sorted(set(ts_a)), ts_b))


if __name__ == "__main__":
    main(check)
