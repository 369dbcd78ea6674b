# Not testdata: a file without pipeline_ functions, not in HELPERS (must fail).
from pyflink.common import Duration

IDLE = Duration.of_minutes(1)
