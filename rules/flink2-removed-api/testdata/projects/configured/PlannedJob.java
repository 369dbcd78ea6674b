package configured;

import org.apache.flink.streaming.api.TimeCharacteristic; // want "Flink 2.0 removed TimeCharacteristic, imported here \\(flink-version 2.0 in .flinklint.yaml\\)"

public class PlannedJob {
}
