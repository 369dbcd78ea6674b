package gitignore

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The tests below compare Ignored with git check-ignore on generated
// .gitignore files and paths, so that any drift from git's semantics shows.

// gitCase is a set of .gitignore files, keyed by directory, and the paths to
// ask about: files, and directories written with a trailing "/".
//
// Git reads "d/" as the directory d followed by an empty base name that it
// matches as a file; walkIgnored(s, "d/", false) asks the same questions.
// Asking this way, rather than creating the directories for git to see,
// keeps the test fast: directories that hold a .gitignore exist, so they are
// not asked about themselves.
type gitCase struct {
	files map[string]string
	paths []string
}

// compareWithGit reports every path on which Ignored, applied the way a
// walker applies it, disagrees with git check-ignore. Each case lives in its
// own directory of one repository, so that git starts only twice: a
// .gitignore file applies below its directory only, so the cases cannot see
// each other's.
func compareWithGit(t *testing.T, cases []gitCase) (checked int) {
	t.Helper()
	files := make(map[string]string)
	var paths []string
	for i, c := range cases {
		root := fmt.Sprintf("case%d/", i)
		for dir, content := range c.files {
			files[root+dir] = content
		}
		for _, p := range c.paths {
			paths = append(paths, root+p)
		}
	}
	ignored := gitCheckIgnore(t, files, paths)
	for i, c := range cases {
		var s Set
		for dir, content := range c.files {
			s.Add(dir, []byte(content))
		}
		for _, p := range c.paths {
			if want := ignored[fmt.Sprintf("case%d/%s", i, p)]; walkIgnored(&s, p, false) != want {
				t.Errorf("%q against %q: git says ignored=%v", p, c.files, want)
			}
		}
		checked += len(c.paths)
	}
	return checked
}

// walkIgnored is what git check-ignore answers: a path is ignored when one
// of its parent directories is, as a walker that skips ignored directories
// sees it.
func walkIgnored(s *Set, p string, isDir bool) bool {
	for i := range len(p) {
		if p[i] == '/' && s.Ignored(p[:i], true) {
			return true
		}
	}
	return s.Ignored(p, isDir)
}

// gitCheckIgnore runs git check-ignore on paths in a new repository holding
// files, and returns the paths it reports ignored.
func gitCheckIgnore(t *testing.T, files map[string]string, paths []string) map[string]bool {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	repo := t.TempDir()
	run := func(stdin []byte, args ...string) []byte {
		cmd := exec.Command(git, args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "HOME="+repo, "XDG_CONFIG_HOME="+repo, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		cmd.Stdin = bytes.NewReader(stdin)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		// check-ignore exits 1 when nothing is ignored.
		if err := cmd.Run(); err != nil && errOut.Len() > 0 {
			t.Fatalf("git %v: %v: %s", args, err, errOut.Bytes())
		}
		return out.Bytes()
	}
	run(nil, "init", "-q")
	for dir, content := range files {
		d := filepath.Join(repo, filepath.FromSlash(dir))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, ".gitignore"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := strings.Join(paths, "\x00") + "\x00"
	ignored := make(map[string]bool)
	for p := range strings.SplitSeq(string(run([]byte(in), "check-ignore", "--no-index", "-z", "--stdin")), "\x00") {
		ignored[p] = true
	}
	return ignored
}

// Pieces of generated patterns: every wildcard form, escapes, classes git
// accepts and ones it rejects, over a small alphabet so that matches are
// frequent.
var patternAtoms = []string{
	"a", "b", "ab", "a", "b", ".", "*", "*", "**", "***", "?", "[ab]", "[!a]", "[^b]", "[a-b]", "[]a]",
	"[a-]", "[--a]", "[\\]]", "[a/b]", "[[:alpha:]]", "[[:digit:]]", "[[:punct:]]", "[[:space:]]",
	"[![:alnum:]]", "[[:bogus:]]", "[[:alpha]", "[[:]", "[a", "\\*", "\\a", "\\?", "\\[", "\\\\",
	"\\/", "\\", " ", "\\ ", "#", "!", "1",
}

// Segments of generated paths, with the bytes that wildcards and classes
// treat specially.
var pathSegments = []string{
	"a", "b", "ab", "ba", "aab", "abb", "a.b", "1", " ", "a ", "a b", "*", "?", "[", "]", "\\", "!a",
	"#a", "-", "\t", "\xc3\xa9", "a1", "]a",
}

// randomPattern returns a line for a .gitignore file. Git keeps a line
// that trims to nothing as a pattern matching an empty base name, which only
// a path written with a trailing slash has, so such lines are not generated.
func randomPattern(r *rand.Rand) string {
	for {
		line := randomLine(r)
		if strings.Trim(trimTrailingSpaces(line), "!/") != "" {
			return line
		}
	}
}

func randomLine(r *rand.Rand) string {
	var b strings.Builder
	switch r.IntN(8) {
	case 0:
		b.WriteString("!")
	case 1:
		b.WriteString("/")
	}
	segs := 1 + r.IntN(4)
	for i := range segs {
		if i > 0 {
			b.WriteString("/")
		}
		for range 1 + r.IntN(3) {
			b.WriteString(patternAtoms[r.IntN(len(patternAtoms))])
		}
	}
	switch r.IntN(6) {
	case 0:
		b.WriteString("/")
	case 1:
		b.WriteString("  ")
	}
	return b.String()
}

func randomPath(r *rand.Rand, dirs []string) string {
	var b strings.Builder
	if r.IntN(3) == 0 { // below a directory that has its own .gitignore
		if d := dirs[r.IntN(len(dirs))]; d != "" {
			b.WriteString(d + "/")
		}
	}
	for i := range 1 + r.IntN(4) {
		if i > 0 {
			b.WriteString("/")
		}
		b.WriteString(pathSegments[r.IntN(len(pathSegments))])
	}
	return b.String()
}

func TestMatchesGitOnRandomPatterns(t *testing.T) {
	cases, perCase := 150, 700
	if testing.Short() {
		cases = 15
	}
	r := rand.New(rand.NewPCG(7, 1))
	var all []gitCase
	for range cases {
		c := gitCase{files: map[string]string{}}
		dirs := []string{"", "a", "a/b"}[:1+r.IntN(3)]
		for _, d := range dirs {
			var lines []string
			for range 1 + r.IntN(8) {
				lines = append(lines, randomPattern(r))
			}
			eol := []string{"\n", "\r\n"}[r.IntN(2)]
			c.files[d] = []string{"", "\ufeff"}[r.IntN(2)] + strings.Join(lines, eol) + eol
		}
		for range perCase {
			p := randomPath(r, dirs)
			if r.IntN(2) == 0 {
				p += "/"
			}
			if !isPrefixDir(strings.TrimSuffix(p, "/"), dirs) {
				c.paths = append(c.paths, p)
			}
		}
		all = append(all, c)
	}
	t.Logf("%d paths checked", compareWithGit(t, all))
}

// isPrefixDir reports whether p is one of dirs or a parent of one.
func isPrefixDir(p string, dirs []string) bool {
	for _, d := range dirs {
		if d == p || strings.HasPrefix(d, p+"/") {
			return true
		}
	}
	return false
}

// The patterns on which backtracking matchers go exponential, at several
// sizes, against paths made of the bytes they mention. Git's matcher is
// itself exponential on these, so the paths are kept short enough for git to
// answer; TestPathologicalPatternsFinish takes the long ones.
func TestMatchesGitOnPathologicalPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2))
	segs := []string{"a", "b", "aa", "ab", "ba", "aab"}
	var all []gitCase
	for _, n := range []int{8, 12, 16, 24} {
		for _, pat := range []string{
			strings.Repeat("**/", n) + "b",
			"a/" + strings.Repeat("**/", n) + "b",
			"a" + strings.Repeat("**/", n) + "b",
			strings.Repeat("**\\/", n) + "b",
			strings.Repeat("a*/**/", n) + "b",
			strings.Repeat("**/a", n),
			strings.Repeat("*a", n) + "*b",
			"/" + strings.Repeat("*a", n) + "*b",
			strings.Repeat("*?", n) + "*b",
			strings.Repeat("[ab]*", n) + "[!a]",
			"/" + strings.Repeat("[[:alpha:]]?*/", n),
		} {
			c := gitCase{files: map[string]string{"": pat + "\n"}}
			for range 300 {
				var b strings.Builder
				if r.IntN(3) == 0 { // one name
					for range 1 + r.IntN(12) {
						b.WriteString(segs[r.IntN(2)])
					}
				} else {
					for i := range 1 + r.IntN(5) {
						if i > 0 {
							b.WriteString("/")
						}
						b.WriteString(segs[r.IntN(len(segs))])
					}
				}
				if r.IntN(2) == 0 {
					b.WriteString("/")
				}
				c.paths = append(c.paths, b.String())
			}
			all = append(all, c)
		}
	}
	t.Logf("%d paths checked", compareWithGit(t, all))
}
