package main

import (
	"cmp"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules"
)

const graphUsage = `usage: flinklint graph [flags] [path ...]

flinklint graph analyzes the paths (default ".") as a run does, with every
rule and the .flinklint.yaml configuration, and draws each job it finds:
its sources, operators, windows and sinks, the event-time facts of each,
and every finding of the run on the node it is about (docs/graph.md).
Exit status: 0 drawn, whatever the findings; 2 could not run (a bad flag,
no job named by -job) or an internal error left part of the project
unanalyzed.

Flags:
`

// graph runs flinklint graph. The files parsed up front are those that
// hold a rule's keywords or start a stream (jobgraph.Keywords), so that a
// job with nothing for the rules to check is drawn too; no result is
// taken from the cache, whose results hold findings, not jobs.
func graph(args []string, stdout, stderr io.Writer) int {
	fs := commandFlags("flinklint graph", graphUsage, stderr)
	format := fs.String("format", graphout.Formats()[0], "draw in this `format`: "+strings.Join(graphout.Formats(), ", "))
	only := fs.String("job", "", "draw only the jobs with this `name` (as the drawing heads them, without \" (SQL)\")")
	configFile := fs.String("config", "", "use this configuration `file` for every path, instead of the nearest .flinklint.yaml above each file (docs/configuration.md)")
	var opts analyzer.Options
	paths, code, done := parseRun(fs, args, &opts)
	if done {
		return code
	}
	if err := graphout.CheckFormat(*format); err != nil {
		report.Note(stderr, "graph: -format: "+err.Error())
		return 2
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	var err error
	if opts.Config, err = newFinder(*configFile, paths); err != nil {
		return badConfig(stderr, err)
	}
	res, jobs, err := analyzeJobs(opts, paths)
	if err != nil {
		return badConfig(stderr, err)
	}
	rep := report.New(res, res.Problems, rules.All, buildVersion())
	report.WriteProblems(stderr, rep.Problems)
	if res.Files == 0 && len(res.Problems) > 0 {
		return 2
	}
	if len(jobs) == 0 {
		report.Note(stderr, "graph: no job found in "+strings.Join(paths, ", "))
	}
	// Findings are placed among all the jobs, so that -job draws a job as
	// the whole drawing and a review show it.
	g := placed(jobs, res, rep)
	if *only != "" {
		all := g.Jobs
		if g.Jobs = named(all, *only); len(g.Jobs) == 0 {
			msg := fmt.Sprintf("graph: no job named %q in %s", *only, strings.Join(paths, ", "))
			if len(all) > 0 {
				msg += "; the jobs are " + jobNames(all)
			}
			report.Note(stderr, msg)
			return 2
		}
	}
	if err := graphout.Write(stdout, g, *format); err != nil {
		report.Note(stderr, "graph: cannot write the drawing: "+err.Error())
		return 2
	}
	if res.InternalErrors() {
		report.Note(stderr, "internal errors left part of the project unanalyzed (a bug: please report it)")
		return 2
	}
	return 0
}

// named returns the jobs called name.
func named(jobs []graphout.Job, name string) []graphout.Job {
	var out []graphout.Job
	for _, j := range jobs {
		if j.Name == name {
			out = append(out, j)
		}
	}
	return out
}

// jobNames lists the names of jobs, quoted, sorted and each once, for a
// -job that names none of them.
func jobNames(jobs []graphout.Job) string {
	var names []string
	for _, j := range jobs {
		names = append(names, strconv.Quote(j.Name))
	}
	slices.Sort(names)
	return strings.Join(slices.Compact(names), ", ")
}

// placed returns the graph of jobs with the findings of rep, the report
// of res, on their nodes.
func placed(jobs []graphout.Job, res *analyzer.Result, rep *report.Report) *graphout.Graph {
	g := &graphout.Graph{Jobs: jobs}
	// report.New made one finding of each diagnostic, in their order.
	located := make([]graphout.Located, len(res.Diagnostics))
	for i, d := range res.Diagnostics {
		located[i] = graphout.Located{File: d.Position.Filename, Offset: d.Position.Offset, Finding: rep.Findings[i]}
	}
	graphout.Place(g, located)
	return g
}

// analyzeJobs runs every rule over paths with opts, as a run does, and
// returns the result and the jobs built in the files below paths.
func analyzeJobs(opts analyzer.Options, paths []string) (*analyzer.Result, []graphout.Job, error) {
	p := newProbe()
	opts.KnownRules = ruleIDs()
	opts.Keywords = slices.Compact(slices.Sorted(slices.Values(append(rules.Keywords(rules.All), jobgraph.Keywords()...))))
	opts.Gated = rules.Gated(rules.All, parsers.ReadFile, opts.Config)
	res, err := opts.Run(paths, append(rules.Analyzers(rules.All), p.analyzer()))
	if err != nil {
		return nil, nil, err
	}
	return res, p.within(paths, res.Digests), nil
}

// probe is an analyzer that keeps the jobs of each unit the driver
// analyzes, with their positions resolved while the unit's lines are
// loaded: the driver may release them when the unit is done. A result
// taken from the cache ran no analyzer: it has no jobs.
type probe struct {
	wd   string
	jobs []graphout.Job
	seen map[jobKey]bool
}

// jobKey identifies a job across units: a file parsed in two units (up
// front in one, on demand in another) may show its jobs in both.
type jobKey struct {
	file   string
	offset int
	name   string
}

// newProbe returns a probe that has seen no job yet.
func newProbe() *probe {
	wd, _ := os.Getwd()
	return &probe{wd: wd, seen: map[jobKey]bool{}}
}

func (p *probe) analyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "graph",
		Doc:        "keep the jobs of the job graph for flinklint graph and the pictures of flinklint review",
		Requires:   []*analysis.Analyzer{jobgraph.Analyzer},
		ResultType: reflect.TypeFor[struct{}](),
		Run: func(pass *analysis.Pass) (any, error) {
			for _, j := range jobgraph.Of(pass).Jobs() {
				p.keep(pass.Fset, j)
			}
			return struct{}{}, nil
		},
	}
}

// keep copies the job j into plain values, positions resolved; the
// column is in bytes until within counts it in code points.
func (p *probe) keep(fset *token.FileSet, j *jobgraph.Job) {
	start := place(fset, j.Pos, j.File)
	key := jobKey{start.Filename, start.Offset, j.Name}
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	out := graphout.Job{
		Name: j.Name, Path: report.DisplayPath(p.wd, start.Filename), Line: start.Line, SQL: j.SQL,
		Span: graphout.Span{File: start.Filename, Start: start.Offset, End: start.Offset},
	}
	for _, f := range j.Facts {
		out.Facts = append(out.Facts, graphout.Fact{Key: f.Key, Value: f.Value})
	}
	index := map[*jobgraph.Node]int{}
	for i, n := range j.Nodes {
		index[n] = i
		at := place(fset, n.Pos, n.File)
		end := at.Offset
		if n.End.IsValid() && fset.File(n.End) == fset.File(n.Pos) {
			end = fset.Position(n.End).Offset
		}
		node := graphout.Node{
			Kind: n.Kind.String(), Label: n.Label, Name: n.Name, UID: n.UID,
			Path: report.DisplayPath(p.wd, at.Filename), Line: at.Line, Column: at.Column,
			Span: graphout.Span{File: at.Filename, Start: at.Offset, End: end},
		}
		for _, f := range n.Facts {
			node.Facts = append(node.Facts, graphout.Fact{Key: f.Key, Value: f.Value})
		}
		out.Nodes = append(out.Nodes, node)
	}
	for _, e := range j.Edges {
		from, ok1 := index[e.From]
		to, ok2 := index[e.To]
		if ok1 && ok2 {
			out.Edges = append(out.Edges, graphout.Edge{From: from, To: to, Label: e.Label})
		}
	}
	p.jobs = append(p.jobs, out)
}

// place resolves pos, or names the file f when pos is not valid: then
// offset -1 lies in no span.
func place(fset *token.FileSet, pos token.Pos, f *model.File) token.Position {
	if pos.IsValid() {
		return fset.Position(pos)
	}
	at := token.Position{Offset: -1}
	if f != nil {
		at.Filename = f.Path
	}
	return at
}

// within returns the jobs built in the files below paths, sorted by file,
// line and name: a path that names a file is analyzed with the rest of its
// project, whose other jobs are not the ones asked for. Node columns are
// counted in code points from the files' text as analyzed (digests).
func (p *probe) within(paths []string, digests map[string]parsers.Digest) []graphout.Job {
	var out []graphout.Job
	text := map[string][]byte{}
	for _, j := range p.jobs {
		if !slices.ContainsFunc(paths, func(path string) bool { return below(j.Span.File, path) }) {
			continue
		}
		for i := range j.Nodes {
			n := &j.Nodes[i]
			src, ok := text[n.Span.File]
			if !ok {
				if d, fixable := digests[n.Span.File]; fixable {
					src, _ = parsers.AnalyzedText(n.Span.File, d)
				}
				text[n.Span.File] = src
			}
			n.Column = codePoints(src, n.Span.Start, n.Column)
		}
		out = append(out, j)
	}
	slices.SortStableFunc(out, func(a, b graphout.Job) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Name, b.Name))
	})
	return out
}

// codePoints counts the byte column col, of the byte at offset in src, in
// code points; col as it is when src is not the text it was counted in.
func codePoints(src []byte, offset, col int) int {
	start := offset - (col - 1)
	if src == nil || col < 1 || start < 0 || offset > len(src) {
		return col
	}
	return 1 + utf8.RuneCount(src[start:offset])
}

// below reports whether file is path or lies in the directory path.
func below(file, path string) bool {
	f, err1 := filepath.Abs(file)
	d, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, f)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
