package flink2removedapi_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	flink2removedapi "github.com/flinklint/flinklint/rules/flink2-removed-api"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", flink2removedapi.Analyzer)
}
