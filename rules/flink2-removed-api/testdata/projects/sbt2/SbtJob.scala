package sbt2

import org.apache.flink.streaming.api.scala._ // want "the Scala APIs of Flink .* \\(the project targets Flink 2.0.0, per build.sbt\\)"

object SbtJob
