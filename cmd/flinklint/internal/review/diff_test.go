package review

import (
	"fmt"
	"reflect"
	"testing"
)

func TestParsePatch(t *testing.T) {
	patch := "@@ -1,3 +1,4 @@ class A\n line1\n-old\n+new2\n+new3\n line4\n@@ -20,2 +21,2 @@\n ctx21\n-x\n+y22\n\\ No newline at end of file\n@@ bad header @@\n+ignored\n"
	got := parsePatch(patch)
	want := lines{added: map[int]bool{2: true, 3: true, 22: true}, nearDeletion: map[int]bool{1: true, 2: true, 21: true, 22: true},
		hunks: [][2]int{{1, 4}, {21, 22}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parsePatch = %+v, want %+v", got, want)
	}
	if got.hunk(2, 4) != 0 || got.hunk(4, 21) != -1 || got.hunk(22, 22) != 1 {
		t.Errorf("hunk lookup wrong: %+v", got.hunks)
	}
	if l := parsePatch(""); len(l.added) != 0 || len(l.hunks) != 0 {
		t.Errorf("empty patch: %+v", l)
	}
	if l := parsePatch("@@ -0,0 +1,2 @@\n+a\n+b"); !reflect.DeepEqual(l.added, map[int]bool{1: true, 2: true}) {
		t.Errorf("new file: %+v", l)
	}
}

// TestPlace: a finding's comment goes on its own range first (an added
// line, else a context line), then on its evidence (an added line, else a
// line next to a deletion, never a mere context line), the line nearest
// to the finding in its own file.
func TestPlace(t *testing.T) {
	d := diff{
		"A.java": parsePatch("@@ -1,6 +1,7 @@\n c1\n c2\n c3\n+a4\n c5\n c6\n c7"),
		"B.java": parsePatch("@@ -10,7 +10,6 @@\n c10\n c11\n c12\n-gone\n c13\n c14\n c15"),
	}
	ev := func(path string, first, last int) Related {
		return Related{Path: path, Line: first, EndLine: last, Label: "here"}
	}
	for _, tc := range []struct {
		name     string
		f        Finding
		want     string // path:line, "" when not placed
		evidence bool
	}{
		{"added line of its range", Finding{Path: "A.java", Line: 2, EndLine: 5}, "A.java:4", false},
		{"context line", Finding{Path: "A.java", Line: 6, EndLine: 6}, "A.java:6", false},
		{"own context before evidence's added line", Finding{Path: "A.java", Line: 1, Related: []Related{ev("A.java", 4, 4)}}, "A.java:1", false},
		{"evidence in another file", Finding{Path: "C.java", Line: 1, Related: []Related{ev("B.java", 3, 30), ev("A.java", 2, 5)}}, "A.java:4", true},
		{"evidence around a deletion, first line", Finding{Path: "C.java", Line: 1, Related: []Related{ev("B.java", 3, 30)}}, "B.java:12", true},
		{"just above a deletion", Finding{Path: "B.java", Line: 9, Related: []Related{ev("B.java", 8, 12)}}, "B.java:12", true},
		{"just below the hunk", Finding{Path: "B.java", Line: 17, Related: []Related{ev("B.java", 5, 17)}}, "B.java:13", true},
		{"evidence on context lines only", Finding{Path: "C.java", Line: 1, Related: []Related{ev("A.java", 1, 3), ev("B.java", 14, 15)}}, "", false},
		{"outside", Finding{Path: "B.java", Line: 30, EndLine: 31, Related: []Related{ev("B.java", 1, 9), ev("C.java", 1, 9)}}, "", false},
	} {
		s, ok := d.place(tc.f)
		got := ""
		if ok {
			got = fmt.Sprintf("%s:%d", s.path, s.line)
		}
		if got != tc.want || (s.evidence != nil) != tc.evidence {
			t.Errorf("%s: placed at %q (evidence %v), want %q (evidence %v)", tc.name, got, s.evidence != nil, tc.want, tc.evidence)
		}
	}
}
