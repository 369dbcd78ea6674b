package sqljobs

import java.time.Duration

import org.apache.flink.configuration.Configuration
import org.apache.flink.table.api.{EnvironmentSettings, TableEnvironment}
import org.apache.flink.table.api.config.ExecutionConfigOptions

object ScalaTypedOptions {
  val ddl = "CREATE TABLE clicks (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka', 'topic' = 'c', 'format' = 'json')"

  def configured(): Unit = {
    val tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode())
    tEnv.getConfig.getConfiguration.set(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ofSeconds(30))
    tEnv.executeSql(ddl)
  }

  def unconfigured(): Unit = {
    val conf = new Configuration()
    val tEnv = TableEnvironment.create(EnvironmentSettings.newInstance().withConfiguration(conf).build())
    tEnv.executeSql(
      """CREATE TABLE clicks (ts TIMESTAMP(3),
        |  WATERMARK FOR ts AS ts -- want "table clicks has a WATERMARK"
        |) WITH ('connector' = 'kafka', 'topic' = 'c', 'format' = 'json')""".stripMargin)
  }
}
