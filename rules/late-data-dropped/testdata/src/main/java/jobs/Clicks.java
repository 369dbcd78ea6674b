package jobs;

import jobs.model.Click;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/** A stream whose element type only this file imports. */
public class Clicks {
    static DataStream<Click> clicks(StreamExecutionEnvironment env) {
        return Dropped.parse(env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "clicks"))
            .map(t -> {
                Click c = new Click();
                c.user = t.f0;
                c.time = t.f1;
                return c;
            }, TypeInformation.of(Click.class))
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Click>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((c, ts) -> c.time));
    }
}
