// Package gitdiff finds the lines changed since a git revision, for
// -new-from-rev and -new-from-merge-base: the command line keeps only the
// findings on those lines. It runs the git command line, as golangci-lint
// and reviewdog do, so that it sees what git sees (attributes, the index,
// rename detection) with no library of its own.
//
// What counts as changed, comparing the work tree (staged or not) with the
// revision:
//   - lines added or modified;
//   - a file git does not track and does not ignore: all of it;
//   - a renamed file: only the lines changed besides the rename (git's
//     rename detection), so moving a file does not make its old findings
//     new;
//   - where lines were only deleted, the lines just before and just after
//     the deletion: deleting a call such as .withIdleness(...) from a chain
//     makes a finding appear on a neighbouring line, which is new;
//   - a deleted file: nothing;
//   - a file of a submodule: the same, in the submodule's repository,
//     against the commit the revision records for the submodule (all of
//     the submodule's files when the revision has none, or when the
//     submodule lacks that commit, as a shallow clone does: a note says
//     so, rather than failing a run that may not even read the submodule).
//
// The revision is always one of the outermost work tree's repository, a
// superproject's, so that a file's changes do not depend on the path that
// reached it.
//
// The user's git configuration does not change the result: every option
// that configuration or the environment could change in git's output is
// given on the command line, where it wins.
package gitdiff

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/flinklint/flinklint/internal/filepaths"
)

// Range is the lines Start to End of a file, both included, from 1. End is
// math.MaxInt for a file that is new as a whole.
type Range struct{ Start, End int }

// Changes maps a file's absolute, cleaned path to its changed lines, in
// order. The work tree's root is as git reports it, with symbolic links
// resolved: callers compare paths after filepath.EvalSymlinks of the root
// they walked.
type Changes map[string][]Range

// First returns the first changed line of the file at path (absolute)
// from line from to line to, both included, or 0 when none changed.
func (c Changes) First(path string, from, to int) int {
	for _, r := range c[filepath.Clean(path)] {
		if r.Start <= to && from <= r.End {
			return max(r.Start, from)
		}
	}
	return 0
}

// ChangedLines returns the lines of the outermost git work tree holding
// dir that changed since rev, a commit of that work tree's repository,
// keyed by absolute path (the whole work tree, not only below dir), and
// notes for the user about what could not be compared exactly. Given
// paths (absolute, symbolic links resolved), it looks only into the
// submodules that hold one of them or lie below one: the others' files
// are not read, and each submodule costs git processes.
func ChangedLines(dir, rev string, paths ...string) (Changes, []string, error) {
	top, err := WorkTree(dir)
	if err != nil {
		return nil, nil, err
	}
	if err := verify(top, rev); err != nil {
		return nil, nil, err
	}
	d := differ{changes: Changes{}, root: top, rev: rev, paths: paths}
	if err := d.addChanges(top, rev); err != nil {
		return nil, nil, err
	}
	return d.changes, d.notes, nil
}

// MergeBase returns the commit where HEAD and ref diverged, in the
// outermost work tree holding dir: the revision for -new-from-merge-base,
// what a pull request changes.
func MergeBase(dir, ref string) (string, error) {
	top, err := WorkTree(dir)
	if err != nil {
		return "", err
	}
	if err := verify(top, ref); err != nil {
		return "", err
	}
	out, err := git(top, "merge-base", "HEAD", ref)
	if err != nil {
		return "", fmt.Errorf("no merge base of HEAD and %s: %w", ref, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// WorkTree returns the root of the outermost git work tree holding dir:
// for a directory in a submodule, its superproject's. A work tree met
// twice (git naming one as its own superproject, or a cycle) is an error
// rather than an endless loop.
func WorkTree(dir string) (string, error) {
	seen := map[string]bool{}
	for {
		top, super, err := topLevel(dir)
		if err != nil || super == "" {
			return top, err
		}
		if seen[top] {
			return "", fmt.Errorf("git reports %s as a superproject of itself", top)
		}
		seen[top] = true
		dir = super
	}
}

// diffOptions fix every part of git diff's output that configuration
// could change (diff.*, color.*, attributes' drivers): options given on
// the command line win over it (diff.relative needs none: git runs at the
// work tree's root). The raw records before the patch name the
// submodules whose checked-out commit is not the one rev records, and
// that one. git is not asked whether a submodule has changes of its own
// (it would run git status in each, under the user's configuration):
// addChanges looks into each submodule itself.
var diffOptions = []string{
	"diff", "--no-ext-diff", "--no-textconv", "--text", "--no-color",
	"--src-prefix=a/", "--dst-prefix=b/", "-O" + os.DevNull,
	"--find-renames", "-l1000", "--diff-algorithm=myers", "--indent-heuristic",
	"-U0", "--inter-hunk-context=0",
	"--raw", "--no-abbrev", "--ignore-submodules=dirty", "--submodule=short",
}

// differ gathers the changes of a work tree and of its submodules.
type differ struct {
	changes   Changes
	root, rev string   // the outermost work tree and the revision asked for, to name them in notes
	paths     []string // the submodules to look into hold or lie below one of these; all when none
	notes     []string
}

// addChanges adds the changes of the work tree top since rev, and those of
// its submodules.
func (d *differ) addChanges(top, rev string) error {
	diff, err := git(top, append(slices.Clone(diffOptions), rev, "--")...)
	if err != nil {
		return err
	}
	bases, err := parseDiff(d.changes, top, diff)
	if err != nil {
		return err
	}
	untracked, err := git(top, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return err
	}
	for _, name := range split(untracked) {
		d.changes[filepath.Join(top, filepath.FromSlash(name))] = []Range{{1, math.MaxInt}}
	}
	index, err := git(top, "ls-files", "-z", "--stage")
	if err != nil {
		return err
	}
	last := ""
	for _, entry := range split(index) {
		info, name, _ := strings.Cut(entry, "\t")
		if !strings.HasPrefix(info, gitlink+" ") || name == last { // a conflict's stages follow each other
			continue
		}
		last = name
		dir := filepath.Join(top, filepath.FromSlash(name))
		delete(d.changes, dir) // its "Subproject commit" line
		if !d.wanted(dir) {
			continue
		}
		base, changed := bases[name]
		if !changed { // the commit checked out is the one rev records
			base = "HEAD"
		}
		if err := d.addSubmodule(dir, base); err != nil {
			return fmt.Errorf("submodule %s: %w", name, err)
		}
	}
	return nil
}

// wanted reports whether the submodule in dir holds or lies below one of
// the paths asked about.
func (d *differ) wanted(dir string) bool {
	return len(d.paths) == 0 || slices.ContainsFunc(d.paths, func(p string) bool {
		return filepaths.Within(dir, p) || filepaths.Within(p, dir)
	})
}

// split reads git's list of NUL-terminated names.
func split(out []byte) []string {
	return strings.FieldsFunc(string(out), func(r rune) bool { return r == 0 })
}

// addSubmodule adds the changes of the submodule checked out in dir since
// base, or all of its files when base is "" or a commit it lacks.
func (d *differ) addSubmodule(dir, base string) error {
	if top, _, err := topLevel(dir); err != nil || top != dir {
		return nil //nolint:nilerr // not checked out: no files
	}
	if base != "" && verify(dir, base) != nil {
		name, _ := filepath.Rel(d.root, dir)
		d.notes = append(d.notes, fmt.Sprintf("submodule %s lacks commit %s that %s records for it (a shallow clone?), so all its files count as changed; fetch it to narrow",
			filepath.ToSlash(name), base, d.rev))
		base = ""
	}
	if base == "" {
		out, err := git(dir, "hash-object", "-t", "tree", "--stdin") // the empty tree
		if err != nil {
			return err
		}
		base = strings.TrimSpace(string(out))
	}
	return d.addChanges(dir, base)
}

// topLevel returns the root of the work tree holding dir and, when that
// work tree is a submodule's, the root of its superproject's.
func topLevel(dir string) (top, super string, err error) {
	out, err := git(dir, "rev-parse", "--show-superproject-working-tree", "--show-toplevel")
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return "", "", err
		}
		return "", "", fmt.Errorf("not in a git work tree: %s", dir)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if lines[0] == "" { // inside .git, or a bare repository
		return "", "", fmt.Errorf("not in a git work tree: %s", dir)
	}
	if len(lines) == 2 {
		super = filepath.Clean(lines[0])
	}
	return filepath.Clean(lines[len(lines)-1]), super, nil
}

// verify checks that rev names a commit.
func verify(top, rev string) error {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return fmt.Errorf("unknown revision %q", rev)
	}
	if _, err := git(top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}"); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return err
		}
		return fmt.Errorf("unknown revision %s", rev)
	}
	return nil
}

// repoEnv is the environment variables that point git at a repository
// other than the one found from its directory (as `git rev-parse
// --local-env-vars` lists them) or change what git diff prints: git
// clears the former when it runs in a submodule, and so does git here.
// The -c settings of GIT_CONFIG_PARAMETERS and GIT_CONFIG_COUNT stay (the
// command line's own -c win over them), as do the configuration files:
// they hold what describes the work tree (safe.directory, core.autocrlf).
var repoEnv = []string{
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_OBJECT_DIRECTORY", "GIT_DIR",
	"GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE", "GIT_INDEX_FILE",
	"GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_INTERNAL_SUPER_PREFIX",
	"GIT_SHALLOW_FILE", "GIT_COMMON_DIR", "GIT_EXTERNAL_DIFF", "GIT_DIFF_OPTS",
}

// git runs git in dir and returns its standard output. Optional locks are
// off so that a run never competes with the user's git for the index.
// Paths are quoted whatever core.quotePath says, in the octal escapes that
// unquote reads back byte for byte.
func git(dir string, args ...string) ([]byte, error) {
	path, err := exec.LookPath("git")
	if err != nil {
		return nil, fmt.Errorf("git is needed to compare with a revision: %w", err)
	}
	cmd := exec.Command(path, append([]string{"-c", "core.quotePath=true"}, args...)...)
	cmd.Dir = dir
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.Contains(repoEnv, name)
	})
	cmd.Env = append(cmd.Env, "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return nil, fmt.Errorf("git %s: %w", args[0], err)
		}
		return nil, fmt.Errorf("git %s: %w: %s", args[0], err, msg)
	}
	return out, nil
}

// gitlink is the mode of a submodule in git's raw records.
const gitlink = "160000"

// hunkHeader is "@@ -a[,b] +c[,d] @@".
var hunkHeader = regexp.MustCompile(`^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)

// parseDiff adds to changes the changed lines of a -U0 diff with raw
// records whose paths are relative to top, and returns the submodules
// whose commit changed, by path, with the commit the revision records for
// each ("" for none).
func parseDiff(changes Changes, top string, diff []byte) (map[string]string, error) {
	bases := map[string]string{}
	var file string // "" while in a deleted file's hunks
	inHunk := false // a hunk's lines may begin like a header: "+++ " for an added "++ "
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(make([]byte, 0, 64*1024), math.MaxInt32)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "diff "):
			file, inHunk = "", false
		case strings.HasPrefix(line, "@@ "):
			inHunk = true
			if file == "" {
				continue
			}
			m := hunkHeader.FindStringSubmatch(line)
			if m == nil {
				return nil, fmt.Errorf("git diff: cannot read %q", line)
			}
			start, _ := strconv.Atoi(m[1])
			count := 1
			if m[2] != "" {
				count, _ = strconv.Atoi(m[2])
			}
			r := Range{start, start + count - 1}
			if count == 0 { // lines deleted after line start: its neighbours
				r = Range{max(start, 1), start + 1}
			}
			changes[file] = append(changes[file], r)
		case inHunk:
			// a line of the hunk, whatever it begins with
		case strings.HasPrefix(line, ":"): // ":mode mode sha sha status\tpath[\tnew path]"
			fields, paths, _ := strings.Cut(line, "\t")
			mode := strings.Fields(fields)
			if len(mode) < 4 || mode[1] != gitlink {
				continue
			}
			name, err := unquote(paths[strings.LastIndexByte(paths, '\t')+1:])
			if err != nil {
				return nil, err
			}
			bases[name] = ""
			if mode[0] == ":"+gitlink {
				bases[name] = mode[2]
			}
		case strings.HasPrefix(line, "+++ "):
			// git ends a name holding a space with a tab, for patch.
			name, err := diffPath(strings.TrimSuffix(strings.TrimPrefix(line, "+++ "), "\t"))
			if err != nil {
				return nil, err
			}
			file = ""
			if name != "" {
				file = filepath.Join(top, filepath.FromSlash(name))
			}
		}
	}
	return bases, sc.Err()
}

// diffPath reads the path of a "+++ " line: "b/name", a C-quoted
// "\"b/na\\tme\"", or "/dev/null" (the file was deleted: "").
func diffPath(s string) (string, error) {
	if s == "/dev/null" {
		return "", nil
	}
	s, err := unquote(s)
	if err != nil {
		return "", err
	}
	name, ok := strings.CutPrefix(s, "b/")
	if !ok {
		return "", fmt.Errorf("git diff: cannot read the path %s", s)
	}
	return name, nil
}

// unquote reads a path git may have C-quoted.
func unquote(s string) (string, error) {
	if !strings.HasPrefix(s, `"`) {
		return s, nil
	}
	u, err := strconv.Unquote(s)
	if err != nil {
		return "", fmt.Errorf("git diff: cannot read the path %s", s)
	}
	return u, nil
}
