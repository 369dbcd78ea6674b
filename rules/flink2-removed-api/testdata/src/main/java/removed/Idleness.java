package removed;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.BoundedOutOfOrdernessWatermarks;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarksWithIdleness;

public class Idleness {
    static WatermarkGenerator<String> generator() {
        return new WatermarksWithIdleness<>(new BoundedOutOfOrdernessWatermarks<>(Duration.ofSeconds(5)), Duration.ofMinutes(1)); // want "Flink 2.0 removed WatermarksWithIdleness\\(generator, timeout\\) "
    }
}
