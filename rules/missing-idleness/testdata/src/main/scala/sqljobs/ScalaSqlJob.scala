package sqljobs

import org.apache.flink.table.api.{EnvironmentSettings, TableEnvironment}

object ScalaSqlJob {
  def main(args: Array[String]): Unit = {
    val tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode())
    tEnv.executeSql(
      """CREATE TABLE impressions (
        |  ts TIMESTAMP(3),
        |  WATERMARK FOR ts AS ts -- want "table impressions has a WATERMARK"
        |) WITH ('connector' = 'pulsar', 'topics' = 'impressions', 'format' = 'json')
        |""".stripMargin)
  }
}
