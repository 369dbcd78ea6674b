package parsers_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	missingidleness "github.com/flinklint/flinklint/rules/missing-idleness"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
)

// manifest is a FlinkDeployment whose SQL runner gets its statements in
// job.args (a double-quoted string over several lines, as the streamshub
// examples write it) or in an environment variable (a literal block).
const manifest = `apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: etl
spec:
  image: quay.io/streamshub/flink-sql-runner:0.2.0
  flinkConfiguration:
    taskmanager.numberOfTaskSlots: "1"%s
  podTemplate:
    spec:
      containers:
        - name: flink-main-container
          env:
            - name: SQL_STATEMENTS
              value: |
                CREATE TABLE clicks (
                  sec BIGINT,
                  ts AS TO_TIMESTAMP_LTZ(sec, 3),
                  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
                ) WITH ('connector' = 'kafka', 'topic' = 'clicks');
  job:
    jarURI: local:///opt/streamshub/flink-sql-runner.jar
    args: ["
        CREATE TABLE sales (
          purchase_time TIMESTAMP(3) METADATA FROM 'timestamp',
          WATERMARK FOR purchase_time AS purchase_time - INTERVAL '1' SECOND
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'sales'
        );
        INSERT INTO out SELECT * FROM sales;
        ", "/opt/flink/usrlib/not-sql.sql"]
`

// TestManifestSQLFindings runs the SQL rules over the SQL of manifests:
// they report inside the YAML strings, at the places of the SQL text, and
// an idle timeout in the manifest's own flinkConfiguration silences
// missing-idleness as it does for a .sql file of the same project.
func TestManifestSQLFindings(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"bad/k8s/etl.yaml":  fmt.Sprintf(manifest, ""),
		"good/k8s/etl.yaml": fmt.Sprintf(manifest, "\n    table.exec.source.idle-timeout: \"30 s\""),
	})
	res, err := analyzer.Run([]string{dir}, []*analysis.Analyzer{missingidleness.Analyzer, secondstimestamp.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Diagnostics {
		rel, _ := filepath.Rel(dir, d.Position.Filename)
		got = append(got, fmt.Sprintf("%s:%d:%d %s", filepath.ToSlash(rel), d.Position.Line, d.Position.Column, d.Rule))
	}
	for _, p := range res.Problems {
		got = append(got, "problem: "+p.String())
	}
	want := []string{
		"bad/k8s/etl.yaml:18:25 seconds-timestamp", // TO_TIMESTAMP_LTZ in the literal block
		"bad/k8s/etl.yaml:19:19 missing-idleness",  // its WATERMARK
		"bad/k8s/etl.yaml:26:11 missing-idleness",  // the WATERMARK in the double-quoted argument
		"good/k8s/etl.yaml:19:25 seconds-timestamp",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
