package configured;

import org.apache.flink.streaming.api.TimeCharacteristic; // want "TimeCharacteristic and setStreamTimeCharacteristic are removed in Flink 2.0 \\(flink-version 2.0 in .flinklint.yaml\\).*the file imports it"

public class PlannedJob {
}
