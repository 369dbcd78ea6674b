package flinkversion

import "testing"

// pyflinkPin reads the apache-flink version Python requirements pin, in
// each form requirements.txt, setup.py and pyproject.toml write it.
func TestPyflinkPin(t *testing.T) {
	for src, want := range map[string]string{
		"apache-flink==2.0.0\n":                            "2.0.0",
		"apache-flink ~= 2.1\n":                            "2.1",
		"apache_flink>=2.0\n":                              "2.0",
		"apache-flink>=1.17\n":                             "", // may install 1.x or 2.x
		`apache-flink = "^2.0"` + "\n":                     "2.0",
		`dependencies = ["apache-flink (>=2.0.0,<3.0.0)"]`: "2.0.0", // Poetry 2 (trials: InnoCentCoder5497)
		"apache-flink[kafka]==1.20.1\n":                    "1.20.1",
		"pyflink-helpers==2.0\n":                           "",
	} {
		if got := pyflinkPin([]byte(src)); got != want {
			t.Errorf("pyflinkPin(%q) = %q, want %q", src, got, want)
		}
	}
}
