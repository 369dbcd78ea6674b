package autowatermarkintervalzero_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	autowatermarkintervalzero "github.com/flinklint/flinklint/rules/auto-watermark-interval-zero"
)

// Each directory is a project of its own: the rule looks at the whole
// project for a periodic watermark generator, which the finding names as
// evidence, in whatever file it is.
func Test(t *testing.T) {
	evidence := map[string]map[string][]string{
		"eventtime": {"EventTimeJob.java:17": {"periodic watermark strategy here EventTimeJob.java:29"}},
		"scoped": {
			"StrategyHelperJob.java:22": {"periodic watermark strategy here StrategyHelperJob.java:12"},
			"EnvFactory.java:16":        {"periodic watermark strategy here FactoryJob.java:22"},
			"EnvFactory.java:24":        {"periodic watermark strategy here FactoryJob.java:16"},
			"EnvFactory.java:30":        {"periodic watermark strategy here FactoryJob.java:31"},
			"EnvUtil.java:18":           {"periodic watermark strategy here EventJob.java:12"},
			"EnvUtil.java:24":           {"periodic watermark strategy here ConfJob.java:9"},
			"ScalaJobs.scala:10":        {"periodic watermark strategy here ScalaJobs.scala:11"},
		},
		"sql":     {"job.sql:1": {"table with a periodic WATERMARK here job.sql:3-6"}},
		"sqlinit": {"init.sql:4": {"table with a periodic WATERMARK here clicks.sql:1-5"}},
		"python-eventtime": {
			"event_time_jobs.py:31":  {"periodic watermark strategy here event_time_jobs.py:32"},
			"event_time_jobs.py:46":  {"periodic watermark strategy here event_time_jobs.py:48"},
			"event_time_jobs.py:77":  {"periodic watermark strategy here event_time_jobs.py:82"},
			"event_time_jobs.py:86":  {"table with a periodic WATERMARK here event_time_jobs.py:88-97"},
			"event_time_jobs.py:103": {"periodic watermark strategy here event_time_jobs.py:109"},
			"event_time_jobs.py:113": {"periodic watermark strategy here event_time_jobs.py:118"},
			"event_time_jobs.py:126": {"periodic watermark strategy here event_time_jobs.py:122"},
		},
	}
	for _, dir := range []string{"eventtime", "processingtime", "scoped", "sql", "sqlinit", "sqlonevent", "python-eventtime", "python-processingtime"} {
		t.Run(dir, func(t *testing.T) {
			res := analyzertest.Run(t, "testdata/"+dir, autowatermarkintervalzero.Analyzer)
			analyzertest.CheckEvidence(t, res, evidence[dir])
		})
	}
}
