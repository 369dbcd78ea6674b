package sbt2

import org.apache.flink.streaming.api.scala._ // want "Flink 2.0 removed its Scala APIs \\(build.sbt targets Flink 2.0.0\\)"

object SbtJob
