package lowering_test

import (
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering/lowertest"
	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/scala"
)

// BenchmarkLowerCorpus parses and lowers every Java and Scala file under the
// directory named by FLINKLINT_LOWER_CORPUS, on one goroutine, to profile the
// front ends on real code (go test -bench LowerCorpus -cpuprofile ...). It is
// skipped without that variable, as no such corpus is committed. model-B/B
// is the live heap the models of the files hold, per byte of their source:
// what a unit costs in memory.
func BenchmarkLowerCorpus(b *testing.B) {
	dir := os.Getenv("FLINKLINT_LOWER_CORPUS")
	if dir == "" {
		b.Skip("FLINKLINT_LOWER_CORPUS names no directory")
	}
	type file struct {
		name string
		src  []byte
	}
	var files []file
	size := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".java") && !strings.HasSuffix(p, ".scala") {
			return err
		}
		src, err := os.ReadFile(p)
		files = append(files, file{p, src})
		size += len(src)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	jp, sp := java.NewParser(), scala.NewParser()
	defer jp.Close()
	defer sp.Close()
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var models []*model.File
	for b.Loop() {
		models = models[:0]
		for _, f := range files {
			var p lowertest.Parser = sp
			if strings.HasSuffix(f.name, ".java") {
				p = jp
			}
			fset := token.NewFileSet()
			tf := fset.AddFile(f.name, -1, len(f.src))
			tf.SetLinesForContent(f.src)
			m, _ := p.Parse(tf, f.src) // files too complex to lower are skipped, as in a run
			models = append(models, m)
		}
	}
	b.StopTimer()
	held := liveHeap()
	runtime.KeepAlive(models)
	models = nil
	b.ReportMetric((float64(held)-float64(liveHeap()))/float64(size), "model-B/B")
}

// liveHeap returns the bytes of the heap's live objects.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}
