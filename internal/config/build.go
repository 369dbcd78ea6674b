package config

// BuildFiles are the names, relative to a directory, of the build files
// that say which Flink release the code below them targets (read by the
// rules that depend on it, such as flink2-removed-api): a result depends
// on them as on .flinklint.yaml, so the result cache hashes them too.
func BuildFiles() []string {
	return []string{
		"pom.xml", "build.gradle.kts", "build.gradle", "gradle.properties", "gradle/libs.versions.toml", "build.sbt",
		"requirements.txt", "pyproject.toml", "setup.py", "setup.cfg",
	}
}
