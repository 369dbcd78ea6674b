package fixes_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/fixes"
)

func TestDeclarationRoundTrips(t *testing.T) {
	for _, a := range []fixes.Applicability{fixes.Safe, fixes.Unsafe} {
		f := fixes.New(a, "Do it", analysis.TextEdit{NewText: []byte("x")})
		if got, ok := fixes.Of(f); got != a || !ok {
			t.Errorf("Of(New(%s)) = %s, %v", a, got, ok)
		}
		if len(f.TextEdits) != 1 {
			t.Errorf("New(%s) lost its edits", a)
		}
	}
	if got, ok := fixes.Of(analysis.SuggestedFix{Message: "Do it"}); got != fixes.Unsafe || ok {
		t.Errorf("an undeclared fix is %s, declared %v; want unsafe, undeclared", got, ok)
	}
	if f := fixes.New(fixes.Safe, "Do it"); f.Message != "Do it (safe fix)" {
		t.Errorf("message %q", f.Message)
	}
}
