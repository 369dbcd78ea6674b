"""zero-idle-timeout: with_idleness(Duration.of_millis(0)) (or a negative
duration) raises IllegalArgumentException while the strategy is built,
before any job runs; 1 ms is accepted."""
from pyflink.common import Duration, WatermarkStrategy

from _common import main

MSG = "java.lang.IllegalArgumentException: idleTimeout must be greater than zero"


def check():
    seen = {}
    for label, d in [("of_millis(0)", Duration.of_millis(0)),
                     ("of_seconds(-1)", Duration.of_seconds(-1)),
                     ("of_millis(1)", Duration.of_millis(1))]:
        try:
            WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)).with_idleness(d)
            seen[label] = "accepted"
        except Exception as e:  # noqa: BLE001
            text = str(e)
            seen[label] = next((ln.strip(" :") for ln in text.splitlines() if "Exception" in ln),
                               text.strip())[:160]
        print("with_idleness(Duration.%s): %s" % (label, seen[label]))
    return (seen["of_millis(0)"] == MSG and seen["of_seconds(-1)"] == MSG
            and seen["of_millis(1)"] == "accepted",
            "with_idleness(of_millis(0)) and (of_seconds(-1)) raise '%s' at build; of_millis(1) is accepted"
            % MSG)


if __name__ == "__main__":
    main(check)
