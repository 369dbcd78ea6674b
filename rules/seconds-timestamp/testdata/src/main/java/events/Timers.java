package events;

import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.time.LocalDate;
import java.time.ZoneOffset;

/** Timers take epoch milliseconds, like timestamps. */
public class Timers extends KeyedProcessFunction<String, Event, String> {
    @Override
    public void processElement(Event e, Context ctx, Collector<String> out) {
        long tomorrow = LocalDate.now().plusDays(1).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
        ctx.timerService().registerEventTimeTimer(tomorrow); // want "^timer set in seconds \\(.*\\)\\nhelp: convert the time to milliseconds"
        ctx.timerService().registerProcessingTimeTimer(e.createdSec + 60); // want "^timer set in seconds \\(e.createdSec\\)\\n"
        ctx.timerService().registerEventTimeTimer(e.getTime().toEpochMilli() + 60_000);
        ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 1000);
    }
}
