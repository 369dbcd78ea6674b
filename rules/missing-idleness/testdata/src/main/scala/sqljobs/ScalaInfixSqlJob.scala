package sqljobs

import org.apache.flink.table.api.{EnvironmentSettings, TableEnvironment}

// The DDL goes to an infix executeSql, with no dot before it: the
// prefilter must pass the file.
object ScalaInfixSqlJob {
  def main(args: Array[String]): Unit = {
    val tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode())
    tEnv executeSql """CREATE TABLE clicks (
        |  ts TIMESTAMP(3),
        |  WATERMARK FOR ts AS ts -- want "table clicks has a WATERMARK"
        |) WITH ('connector' = 'pulsar', 'topics' = 'clicks', 'format' = 'json')
        |""".stripMargin
  }
}
