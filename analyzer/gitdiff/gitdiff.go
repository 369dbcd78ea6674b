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
//   - a deleted file: nothing.
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
	"strconv"
	"strings"
)

// Range is the lines Start to End of a file, both included, from 1. End is
// math.MaxInt for a file that is new as a whole.
type Range struct{ Start, End int }

// Changes maps a file's absolute, cleaned path to its changed lines, in
// order. The work tree's root is as git reports it, with symbolic links
// resolved: callers compare paths after filepath.EvalSymlinks of the root
// they walked.
type Changes map[string][]Range

// Contains reports whether line of the file at path (absolute) changed.
func (c Changes) Contains(path string, line int) bool {
	for _, r := range c[filepath.Clean(path)] {
		if r.Start <= line && line <= r.End {
			return true
		}
	}
	return false
}

// ChangedLines returns the lines of the git work tree holding dir that
// changed since rev, keyed by absolute path (the whole work tree, not only
// below dir).
func ChangedLines(dir, rev string) (Changes, error) {
	top, err := topLevel(dir)
	if err != nil {
		return nil, err
	}
	if err := verify(top, rev); err != nil {
		return nil, err
	}
	diff, err := git(top, "-c", "core.quotePath=false", "diff", "--no-ext-diff", "--no-textconv", "--no-color",
		"--find-renames", "--ignore-submodules", "--src-prefix=a/", "--dst-prefix=b/", "-U0", rev, "--")
	if err != nil {
		return nil, err
	}
	changes, err := parseDiff(top, diff)
	if err != nil {
		return nil, err
	}
	untracked, err := git(top, "-c", "core.quotePath=false", "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	for name := range strings.SplitSeq(strings.TrimSuffix(string(untracked), "\x00"), "\x00") {
		if name != "" {
			changes[filepath.Join(top, filepath.FromSlash(name))] = []Range{{1, math.MaxInt}}
		}
	}
	return changes, nil
}

// MergeBase returns the commit where HEAD and ref diverged, the revision
// for -new-from-merge-base: what a pull request changes.
func MergeBase(dir, ref string) (string, error) {
	top, err := topLevel(dir)
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

// topLevel returns the root of the work tree holding dir.
func topLevel(dir string) (string, error) {
	out, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return "", err
		}
		return "", fmt.Errorf("not in a git work tree: %s", dir)
	}
	top := strings.TrimSpace(string(out))
	if top == "" { // inside .git, or a bare repository
		return "", fmt.Errorf("not in a git work tree: %s", dir)
	}
	return filepath.Clean(top), nil
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

// git runs git in dir and returns its standard output. Optional locks are
// off so that a run never competes with the user's git for the index.
func git(dir string, args ...string) ([]byte, error) {
	path, err := exec.LookPath("git")
	if err != nil {
		return nil, fmt.Errorf("git is needed to compare with a revision: %w", err)
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
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

// hunkHeader is "@@ -a[,b] +c[,d] @@".
var hunkHeader = regexp.MustCompile(`^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)

// parseDiff reads the changed lines of a -U0 diff whose paths are relative
// to top.
func parseDiff(top string, diff []byte) (Changes, error) {
	changes := Changes{}
	var file string // "" while in a deleted file's hunks
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(make([]byte, 0, 64*1024), math.MaxInt32)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "diff "):
			file = ""
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
		case strings.HasPrefix(line, "@@ ") && file != "":
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
		}
	}
	return changes, sc.Err()
}

// diffPath reads the path of a "+++ " line: "b/name", a C-quoted
// "\"b/na\\tme\"", or "/dev/null" (the file was deleted: "").
func diffPath(s string) (string, error) {
	if s == "/dev/null" {
		return "", nil
	}
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			return "", fmt.Errorf("git diff: cannot read the path %s", s)
		}
		s = u
	}
	name, ok := strings.CutPrefix(s, "b/")
	if !ok {
		return "", fmt.Errorf("git diff: cannot read the path %s", s)
	}
	return name, nil
}
