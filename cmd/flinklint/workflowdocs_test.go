package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// docWorkflow is a workflow the docs show, as a user would copy it into
// their own repository: a whole file, or a job or steps fragment wrapped
// into the smallest workflow that holds it.
type docWorkflow struct {
	source string // where the docs show it: file, or file:line of the block
	text   string
	steps  bool // a steps fragment: its job and permissions are the wrapper's
}

// docWorkflows returns the example workflows (docs/examples/*.yml) and
// every workflow, job or steps fragment in a ```yaml block of README.md and
// the Markdown files under docs/.
func docWorkflows(t *testing.T) []docWorkflow {
	t.Helper()
	examples, err := filepath.Glob("../../docs/examples/*.yml")
	if err != nil {
		t.Fatal(err)
	}
	var out []docWorkflow
	for _, p := range examples {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, docWorkflow{source: strings.TrimPrefix(p, "../../"), text: string(data)})
	}
	docs := []string{"../../README.md"}
	err = filepath.WalkDir("../../docs", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			docs = append(docs, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range docs {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range yamlBlocks(string(data)) {
			if w, ok := asWorkflow(b.text); ok {
				w.source = fmt.Sprintf("%s:%d", strings.TrimPrefix(p, "../../"), b.line)
				out = append(out, w)
			}
		}
	}
	return out
}

// mdBlock is a fenced block of a Markdown document and the line its
// opening fence is on.
type mdBlock struct {
	line int
	text string
}

// fence is an opening or closing code fence (CommonMark): up to three
// spaces, three or more backticks or tildes, then the info string.
var fence = regexp.MustCompile("^( {0,3})(`{3,}|~{3,})(.*)$")

// yamlBlocks returns the fenced blocks of doc whose info string is yaml or
// yml. A fence closes only with a fence of its own character at least as
// long, so a ```yaml shown inside a ````markdown block is not taken.
func yamlBlocks(doc string) []mdBlock {
	var out []mdBlock
	var open, info, indent string
	var start int
	var body []string
	for i, line := range strings.Split(doc, "\n") {
		m := fence.FindStringSubmatch(line)
		switch {
		case open == "" && m != nil:
			open, indent, info, start, body = m[2], m[1], strings.TrimSpace(m[3]), i+1, nil
		case open != "" && m != nil && m[2][0] == open[0] && len(m[2]) >= len(open) && strings.TrimSpace(m[3]) == "":
			if f := strings.Fields(info); len(f) > 0 && (f[0] == "yaml" || f[0] == "yml") {
				out = append(out, mdBlock{start, strings.Join(body, "\n") + "\n"})
			}
			open = ""
		case open != "":
			body = append(body, strings.TrimPrefix(line, indent))
		}
	}
	return out
}

// asWorkflow returns text as a workflow: as it is when it has `on` and
// `jobs`, wrapped when it is one job (it has `runs-on`) or a list of steps
// (each has `uses` or `run`). ok is false for YAML that is none of these,
// such as a pre-commit or flinklint configuration.
func asWorkflow(text string) (w docWorkflow, ok bool) {
	var doc any
	if yaml.Unmarshal([]byte(text), &doc) != nil {
		return docWorkflow{text: text}, true // actionlint says what is wrong
	}
	switch doc := doc.(type) {
	case map[string]any:
		if doc["on"] != nil && doc["jobs"] != nil {
			return docWorkflow{text: text}, true
		}
		if doc["runs-on"] != nil {
			return docWorkflow{text: "on: push\njobs:\n  snippet:\n" + indent(text, "    ")}, true
		}
	case []any:
		for _, s := range doc {
			s, isMap := s.(map[string]any)
			if !isMap || s["uses"] == nil && s["run"] == nil {
				return docWorkflow{}, false
			}
		}
		return docWorkflow{text: "on: push\njobs:\n  snippet:\n    runs-on: ubuntu-latest\n    steps:\n" + indent(text, "      "), steps: true}, true
	}
	return docWorkflow{}, false
}

// indent puts prefix before every non-empty line of text.
func indent(text, prefix string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// The workflows in the docs must be there for the tests below to mean
// anything: the example file, the README's and docs/output.md's.
func TestDocWorkflowsFound(t *testing.T) {
	found := map[string]bool{}
	for _, w := range docWorkflows(t) {
		found[strings.SplitN(w.source, ":", 2)[0]] = true
	}
	for _, f := range []string{"docs/examples/flinklint-workflow.yml", "README.md", "docs/output.md"} {
		if !found[f] {
			t.Errorf("no workflow found in %s", f)
		}
	}
}

// actionlint, the real client, accepts every workflow the docs show. Each
// is a file of a scratch repository holding action.yml, where a step using
// flinklint/flinklint@REF uses ./ instead, so that actionlint checks its
// inputs against the action. When shellcheck is on PATH, actionlint checks
// the run: scripts too. CI installs both (see .ci/run).
func TestDocWorkflowsActionlint(t *testing.T) {
	actionlint, err := exec.LookPath("actionlint")
	if err != nil {
		t.Skip("actionlint is not on PATH (go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12)")
	}
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Log("shellcheck is not on PATH: actionlint does not check the run: scripts")
	}
	dir := t.TempDir()
	wf := filepath.Join(dir, ".github", "workflows")
	if err := os.MkdirAll(wf, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, ".git"), 0o755) // actionlint reads local actions in a repository only
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "action.yml"), action, 0o644)
	usesFlinklint := regexp.MustCompile(`(?m)(uses:\s*)flinklint/flinklint@.*$`)
	var files []string
	for _, w := range docWorkflows(t) {
		name := strings.NewReplacer("/", "_", ":", "-").Replace(w.source)
		name = strings.TrimSuffix(name, ".yml") + ".yml"
		os.WriteFile(filepath.Join(wf, name), []byte(usesFlinklint.ReplaceAllString(w.text, "${1}./")), 0o644)
		files = append(files, filepath.Join(".github", "workflows", name))
	}
	cmd := exec.Command(actionlint, append([]string{"-no-color"}, files...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("actionlint: %v (each file is named after the doc and the line of its block; a fragment is wrapped into a workflow)\n%s", err, out)
	}
}

// workflowJob is what the tests read of a job of a workflow.
type workflowJob struct {
	Permissions map[string]string
	Steps       []struct {
		Uses, If, Run string
		With, Env     map[string]string
		Dir           string `yaml:"working-directory"`
	}
}

// pinned is a ref that cannot move: a full commit sha or a release tag, or
// the placeholder the docs tell the user to replace with a full sha.
var pinned = regexp.MustCompile(`^([0-9a-f]{40}|v\d+\.\d+\.\d+|<full commit sha>)$`)

// forkGuard is the condition that skips the SARIF upload on a pull request
// from a fork, whose token cannot write security events.
const forkGuard = "github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository"

// sideFile matches a file of flinklint's checkout that a workflow names,
// such as its go.mod or problem matcher.
var sideFile = regexp.MustCompile(`\.flinklint-src/([\w.-]+(?:/[\w.-]+)*)`)

// runsFlinklint matches a script that runs the flinklint command.
var runsFlinklint = regexp.MustCompile(`(^|[\s;&|(])flinklint\s`)

// Every workflow the docs show works in the user's own repository: no local
// action (`uses: ./` is flinklint's own repository), flinklint checked out
// at a pinned ref into a hidden directory (flinklint skips those, so a run
// on "." does not analyze flinklint's sources) and built there with the Go
// its go.mod names, the files of that checkout it names there, the SARIF
// upload guarded for forks, and each job asking for the permissions its
// steps need and no more.
func TestDocWorkflowsCopyable(t *testing.T) {
	for _, w := range docWorkflows(t) {
		var f struct {
			Permissions any
			Jobs        map[string]workflowJob
		}
		if err := yaml.Unmarshal([]byte(w.text), &f); err != nil {
			t.Errorf("%s: %v", w.source, err)
			continue
		}
		if granted, _ := f.Permissions.(map[string]any); !w.steps && (f.Permissions != nil && granted == nil || len(granted) > 0) {
			t.Errorf("%s: the workflow grants permissions to every job (%v): grant them per job", w.source, f.Permissions)
		}
		for _, m := range sideFile.FindAllStringSubmatch(w.text, -1) {
			if _, err := os.Stat("../../" + m[1]); err != nil {
				t.Errorf("%s: names %s, which is not in flinklint's repository", w.source, m[0])
			}
		}
		for name, job := range f.Jobs {
			checkSteps(t, w.source, job, !w.steps)
			if !w.steps {
				checkPermissions(t, w.source+": job "+name, job)
			}
		}
	}
}

// checkSteps reports a step of job, shown at source, that would not work
// in the user's repository. whole says the job is all there, so that
// flinklint must be built in it before a step runs it.
func checkSteps(t *testing.T, source string, job workflowJob, whole bool) {
	t.Helper()
	var src string            // where flinklint is checked out
	var goFromSrc, built bool // Go set up from its go.mod; built there
	for _, s := range job.Steps {
		ref, isAction := strings.CutPrefix(s.Uses, "flinklint/flinklint@")
		switch {
		case strings.HasPrefix(s.Uses, "./"):
			t.Errorf("%s: uses %s, which exists only in flinklint's own repository", source, s.Uses)
		case isAction:
			if !pinned.MatchString(ref) {
				t.Errorf("%s: uses flinklint at %q: pin a full commit sha or a tag", source, ref)
			}
		case strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["repository"] == "flinklint/flinklint":
			if !pinned.MatchString(s.With["ref"]) {
				t.Errorf("%s: checks flinklint out at %q: pin a full commit sha or a tag", source, s.With["ref"])
			}
			if src = s.With["path"]; !strings.HasPrefix(src, ".") {
				t.Errorf("%s: checks flinklint out into %q, which a run on . analyzes: use a hidden directory such as .flinklint-src", source, src)
			}
		case strings.HasPrefix(s.Uses, "actions/setup-go@"):
			goFromSrc = src != "" && s.With["go-version-file"] == src+"/go.mod"
		case strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@"):
			if !strings.Contains(strings.Join(strings.Fields(s.If), " "), forkGuard) {
				t.Errorf("%s: uploads SARIF on pull requests from forks (if: %q), whose token cannot write security events", source, s.If)
			}
		case strings.Contains(s.Run, "./cmd/flinklint"):
			built = goFromSrc && s.Dir == src
		case whole && runsFlinklint.MatchString(s.Run) && !built:
			t.Errorf("%s: runs flinklint before checking it out, setting up Go from its go.mod and building it there: %q", source, s.Run)
		}
	}
}

// checkPermissions reports a job, named at where, that does not ask for
// the permissions its steps need, or asks for more.
func checkPermissions(t *testing.T, where string, job workflowJob) {
	t.Helper()
	if job.Permissions == nil {
		t.Errorf("%s does not say which permissions it needs", where)
	}
	var uploads, reviews bool
	for _, s := range job.Steps {
		uploads = uploads || strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@")
		reviews = reviews || strings.Contains(s.Run, "review")
	}
	if sec := job.Permissions["security-events"] == "write"; sec != uploads {
		t.Errorf("%s: security-events: write is %v, SARIF upload is %v", where, sec, uploads)
	}
	if pr := job.Permissions["pull-requests"] == "write"; pr != reviews {
		t.Errorf("%s: pull-requests: write is %v, flinklint review is %v", where, pr, reviews)
	}
}

// The run: steps of each whole workflow in the docs work in a user's
// repository, run by bash as the runner runs them (bash -e), on a push and
// on a pull request: in a repository holding a buggy job and flinklint's
// sources in .flinklint-src (a buggy file there too), with the command
// built. The build step is the one not run: the tests build the command
// once. The step that runs flinklint fails with the user's finding and
// none of flinklint's own; the others pass; the SARIF a later step uploads
// is written. Outside Actions, review finds no pull request and prints
// annotations.
func TestDocWorkflowsRunInAUsersRepository(t *testing.T) {
	bin := buildCLI(t)
	for _, w := range docWorkflows(t) {
		if w.steps {
			continue
		}
		var f struct{ Jobs map[string]workflowJob }
		if err := yaml.Unmarshal([]byte(w.text), &f); err != nil {
			t.Fatalf("%s: %v", w.source, err)
		}
		for _, event := range []string{"push", "pull_request"} {
			for name, job := range f.Jobs {
				t.Run(w.source+"/"+name+"/"+event, func(t *testing.T) {
					runJob(t, job, filepath.Dir(string(bin)), event)
				})
			}
		}
	}
}

// runJob runs the run: steps of job but the build in a user's repository,
// with flinklint in binDir, for a workflow run on event.
func runJob(t *testing.T, job workflowJob, binDir, event string) {
	side := ""
	for _, s := range job.Steps {
		if s.With["repository"] == "flinklint/flinklint" {
			side = s.With["path"]
		}
	}
	if side == "" {
		t.Fatal("the job does not check flinklint out")
	}
	dir := project(t, map[string]string{"src/Job.java": buggy, side + "/testdata/Window.java": buggy})
	env := []string{"GITHUB_EVENT_NAME=" + event}
	for _, kv := range os.Environ() {
		if path, ok := strings.CutPrefix(kv, "PATH="); ok {
			kv = "PATH=" + binDir + string(os.PathListSeparator) + path
		}
		if !strings.HasPrefix(kv, "GITHUB_") {
			env = append(env, kv)
		}
	}
	ranFlinklint := false
	for _, s := range job.Steps {
		if s.Run == "" || strings.Contains(s.Run, "./cmd/flinklint") {
			continue
		}
		cmd := exec.Command("bash", "-e", "-c", s.Run)
		cmd.Dir, cmd.Env = filepath.Join(dir, s.Dir), env
		for k := range s.Env {
			cmd.Env = append(cmd.Env, k+"=dummy") // ${{ github.token }}
		}
		out, err := cmd.CombinedOutput()
		if !runsFlinklint.MatchString(s.Run) {
			if err != nil {
				t.Errorf("%q: %v\n%s", s.Run, err, out)
			}
			continue
		}
		ranFlinklint = true
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("%q: %v, want exit status 1 for the finding\n%s", s.Run, err, out)
		}
		if !strings.Contains(string(out), "src/Job.java") || strings.Contains(string(out), "Window.java") {
			t.Errorf("%q: the output does not name the user's finding alone:\n%s", s.Run, out)
		}
	}
	if !ranFlinklint {
		t.Error("no step runs flinklint")
	}
	for _, s := range job.Steps {
		if sarif := s.With["sarif_file"]; sarif != "" {
			if _, err := os.Stat(filepath.Join(dir, sarif)); err != nil {
				t.Errorf("the SARIF a step uploads was not written: %v", err)
			}
		}
	}
}
