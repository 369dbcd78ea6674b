from pyflink.common import Duration

# Module constants that other files import.
NO_IDLE_MS = 0
ZERO_IDLE = Duration.of_seconds(0)
ONE_MINUTE = Duration.of_minutes(1)


def pipeline_constants(env):
    # The constants alone build: only with_idleness rejects a zero timeout.
    return ZERO_IDLE, ONE_MINUTE, NO_IDLE_MS
