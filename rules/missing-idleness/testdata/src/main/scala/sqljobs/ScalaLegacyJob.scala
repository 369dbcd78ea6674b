package sqljobs

import org.apache.flink.table.api.{EnvironmentSettings, TableEnvironment}

object ScalaLegacyJob {
  def ddl(tableName: String): String =
    s"""CREATE TABLE $tableName (
       |  ts TIMESTAMP(3),
       |  WATERMARK FOR ts AS ts -- want "(?s)^this table has a WATERMARK on 'kafka' and no idle timeout.*legacy 'connector.type'"
       |) WITH ('connector.type' = 'kafka', 'connector.version' = 'universal', 'connector.topic' = 't')
       |""".stripMargin

  def main(args: Array[String]): Unit = {
    val tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode())
    tEnv.sqlUpdate(ddl("events"))
  }
}
