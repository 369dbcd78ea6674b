package review

import (
	"reflect"
	"testing"
)

func TestParsePatch(t *testing.T) {
	patch := "@@ -1,3 +1,4 @@ class A\n line1\n-old\n+new2\n+new3\n line4\n@@ -20,2 +21,2 @@\n ctx21\n-x\n+y22\n\\ No newline at end of file\n@@ bad header @@\n+ignored\n"
	got := parsePatch(patch)
	want := lines{added: map[int]bool{2: true, 3: true, 22: true}, hunks: [][2]int{{1, 4}, {21, 22}}}
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
