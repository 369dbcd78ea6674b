"""What the broken jobs share and no fix touches (prove.sh copies and fixes
only a rule's directory, jobs/<rule>/): what their windows emit."""
from pyflink.datastream.functions import ProcessWindowFunction


class CountPerWindow(ProcessWindowFunction):
    """"key [start, end) count" for each window, start and end in epoch ms."""

    def process(self, key, context, elements):
        yield "%s [%d, %d) %d" % (key, context.window().start, context.window().end, len(list(elements)))
