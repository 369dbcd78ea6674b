package idle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.SourceFunction;

import java.util.List;

/** Legacy sources written in the project: finite ones end, endless ones can go quiet. */
public class Mocks {
    static class FiniteSource implements SourceFunction<String> {
        private final List<String> events;

        FiniteSource(List<String> events) {
            this.events = events;
        }

        @Override
        public void run(SourceContext<String> ctx) throws Exception {
            for (String e : events) {
                ctx.collect(e);
                Thread.sleep(1000);
            }
        }

        @Override
        public void cancel() {}
    }

    static class EndlessSource implements SourceFunction<String> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<String> ctx) throws Exception {
            while (running) {
                ctx.collect("tick");
                Thread.sleep(1000);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    void finite(StreamExecutionEnvironment env) {
        DataStream<String> a = env.addSource(new FiniteSource(List.of("1", "2")))
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
        DataStream<String> b = env.addSource(new FiniteSource(List.of("3")))
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
        Windows.perMinute(a.connect(b).map(new IdentityCoMap()));
    }

    void endless(StreamExecutionEnvironment env) {
        DataStream<String> ticks = env.addSource(new EndlessSource())
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()); // want "combined with another by union"
        Windows.perMinute(ticks.union(env.addSource(new EndlessSource())));
    }

    static class IdentityCoMap implements org.apache.flink.streaming.api.functions.co.CoMapFunction<String, String, String> {
        @Override
        public String map1(String value) {
            return value;
        }

        @Override
        public String map2(String value) {
            return value;
        }
    }
}
