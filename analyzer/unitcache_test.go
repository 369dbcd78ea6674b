package analyzer_test

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/rules"
)

// checkCachedEdits makes the edits one after another on disk, each
// followed by a run with the cache over dir (a unit per file) and one
// without, which must report the same; it returns how many units the
// cached runs after the first analyzed, in all, and how many they hold.
func checkCachedEdits(t *testing.T, p *project, edits []edit) (analyzed, units int) {
	t.Helper()
	opts := analyzer.Options{UnitBytes: 1, Keywords: rules.Keywords(rules.All)}
	analyzers := rules.Analyzers(rules.All)
	first, _ := p.run(p.cached(opts), ".", analyzers...)
	for _, e := range edits {
		text, err := os.ReadFile(e.path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), e.old) {
			t.Fatalf("%s: %q not in %s", e.name, e.old, e.path)
		}
		if err := os.WriteFile(e.path, []byte(strings.Replace(string(text), e.old, e.new, 1)), 0o666); err != nil {
			t.Fatal(err)
		}
		age(t, p.dir)
		_, want := p.run(opts, ".", analyzers...)
		res, got := p.run(p.cached(opts), ".", analyzers...)
		analyzed += res.Stats.Units
		units += first.Stats.Units
		if got != want {
			t.Errorf("%s: lines only in the cached run's, then only in the whole run's:\n%s\n%s", e.name, only(got, want), only(want, got))
		}
	}
	return analyzed, units
}

// A rerun with a cache after an edit analyzes again the units that hold
// or read an edited file and reuses the others; it finds what a run
// without a cache finds: after the edits of exampleEdits, and of a
// serializer a unit read to decide it need not parse it.
func TestUnitsReused(t *testing.T) {
	example, err := filepath.Abs("../testdata/example")
	if err != nil {
		t.Fatal(err)
	}
	p := &project{t: t, dir: t.TempDir(), cache: newCache(t)}
	if err := os.CopyFS(p.dir, os.DirFS(example)); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(p.path("src/main/java/p"), 0o777); err != nil {
		t.Fatal(err)
	}
	p.write("src/main/java/p/Job.java", kafkaJob)
	p.write("src/main/java/p/Ser.java", serializer)
	age(t, p.dir)
	ser := p.path("src/main/java/p/Ser.java")
	edits := append(exampleEdits(p.dir), edit{"serializer stamps", ser, `make("enriched", element, ts)`, `new ProducerRecord<>("enriched", null, ts, null, element)`})
	if analyzed, units := checkCachedEdits(t, p, edits); analyzed == 0 || analyzed >= units/2 {
		t.Errorf("the edited runs analyzed %d units of %d: want some, and far fewer", analyzed, units)
	}
}

// A file that comes to declare a name a unit resolves changes that unit's
// findings though the unit never read it: the rerun analyzes every unit
// again (Survey.Declarations).
func TestUnitsNewDeclaration(t *testing.T) {
	files := maps.Clone(cachedProject)
	files["src/Job.java"] = strings.Replace(files["src/Job.java"], "e.getTs()", "Util.ts(e)", 1)
	p := newProject(t, files).aged()
	other := p.path("src/Other.java")
	checkCachedEdits(t, p, []edit{
		{"a helper in seconds declared", other, "class Other {}", "class Other {} class Util { static long ts(Event e) { return e.createdSec; } }"},
	})
}
