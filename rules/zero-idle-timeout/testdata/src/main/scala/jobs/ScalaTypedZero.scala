package jobs

import java.time.Duration

import org.apache.flink.table.api.{EnvironmentSettings, TableEnvironment}
import org.apache.flink.table.api.config.ExecutionConfigOptions

object ScalaTypedZero {
  def main(args: Array[String]): Unit = {
    val tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode())
    tEnv.getConfig.getConfiguration.set(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, Duration.ZERO) // want "idleness off"
    tEnv.getConfig.getConfiguration.setString(ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT.key, "0") // want "= '0' turns source idleness off"
  }
}
