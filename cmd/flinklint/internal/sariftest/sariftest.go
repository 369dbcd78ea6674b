// Package sariftest checks SARIF output against the official OASIS
// schema of SARIF 2.1.0, for the tests of every command that writes it.
package sariftest

import (
	"bytes"
	_ "embed"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaJSON is the OASIS schema of SARIF 2.1.0 (JSON Schema draft-04), as
// published.
//
//go:embed sarif-schema-2.1.0.json
var schemaJSON []byte

// Schema returns the compiled schema.
func Schema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaJSON))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

// Validate fails t unless out is valid SARIF 2.1.0.
func Validate(t testing.TB, out string) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := Schema(t).Validate(inst); err != nil {
		t.Errorf("not valid SARIF 2.1.0: %v", err)
	}
}
