package events

import org.apache.flink.table.api.bridge.scala.StreamTableEnvironment

object ScalaSQL {
  def run(tableEnv: StreamTableEnvironment): Unit = {
    tableEnv.executeSql("create table eventTable(" +
      "uid string," +
      "ts bigint," +
      " et as TO_TIMESTAMP(FROM_UNIXTIME(ts/10000))," + // want "divides by 10000"
      " WATERMARK FOR et AS et - INTERVAL '2' SECOND" +
      ") with ('connector' = 'filesystem', 'path' = 'clicks.txt', 'format' = 'csv')")
    tableEnv.executeSql("create table okTable(ts bigint, et as TO_TIMESTAMP(FROM_UNIXTIME(ts/1000))) with ('connector' = 'datagen')")
  }
}
