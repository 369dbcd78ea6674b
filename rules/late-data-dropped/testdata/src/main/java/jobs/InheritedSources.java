package jobs;

import java.time.Duration;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * OwnSources' jobs written in a subclass, which calls the inherited helper
 * unqualified (trials: the training's solutions extend ExerciseBase).
 */
public class InheritedSources extends OwnSources {
    public static void ownWatermarksThroughAnInheritedHelper(StreamExecutionEnvironment env) {
        env.addSource(sourceOrTest(new OwnWatermarks.RideSource()))
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> a)
                .print();
    }

    public static void watermarksAtTheTimeItself(StreamExecutionEnvironment env) {
        env.addSource(sourceOrTest(new FareSource()))
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }
}
