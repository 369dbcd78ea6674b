"""Side-output tags shared by the jobs."""
# No type information: on PyFlink 1.20 a module-level tag with a composite
# type fails in the second job of a process that uses it ("cannot pickle
# '_thread.RLock' object": OutputTag.__getstate__ clears only the outer Java
# type, not those of the nested types).
from pyflink.datastream import OutputTag

LATE_TAG = OutputTag("late-clicks")
