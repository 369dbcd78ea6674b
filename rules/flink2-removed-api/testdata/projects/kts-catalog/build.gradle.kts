plugins { java }
dependencies {
    implementation(libs.flink.streaming.java)
}
