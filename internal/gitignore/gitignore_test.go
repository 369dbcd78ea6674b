package gitignore

import "testing"

type check struct {
	path  string
	isDir bool
	want  bool
}

func TestIgnored(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string // .gitignore contents by directory
		checks []check
	}{
		{
			name:  "comments and blank lines",
			files: map[string]string{"": "# comment\n\n   \n#foo\nbar\n"},
			checks: []check{
				{"# comment", false, false},
				{"#foo", false, false},
				{"bar", false, true},
			},
		},
		{
			name:  "escaped hash and bang",
			files: map[string]string{"": "\\#foo\n\\!bar\n"},
			checks: []check{
				{"#foo", false, true},
				{"foo", false, false},
				{"!bar", false, true},
				{"bar", false, false},
			},
		},
		{
			name:  "trailing spaces",
			files: map[string]string{"": "a   \nb\\ \nc\\  \nd \\ \ne\t\n"},
			checks: []check{
				{"a", false, true},
				{"a   ", false, false},
				{"b ", false, true},
				{"b", false, false},
				{"c ", false, true},
				{"c  ", false, false},
				{"d  ", false, true},
				{"e\t", false, true},
				{"e", false, false},
			},
		},
		{
			name:  "CRLF and missing final newline",
			files: map[string]string{"": "a\r\n!b.log\r\n*.log\r\nc\r"},
			checks: []check{
				{"a", false, true},
				{"x.log", false, true},
				{"b.log", false, true},
				{"c", false, true},
			},
		},
		{
			name:  "byte order mark",
			files: map[string]string{"": "\ufeffa\n"},
			checks: []check{
				{"a", false, true},
			},
		},
		{
			name:  "negation after pattern re-includes",
			files: map[string]string{"": "*.log\n!keep.log\n"},
			checks: []check{
				{"x.log", false, true},
				{"keep.log", false, false},
				{"sub/keep.log", false, false},
				{"sub/x.log", false, true},
			},
		},
		{
			name:  "negation before pattern is overridden",
			files: map[string]string{"": "!keep.log\n*.log\n"},
			checks: []check{
				{"keep.log", false, true},
			},
		},
		{
			name:  "negation without earlier match",
			files: map[string]string{"": "!a\n"},
			checks: []check{
				{"a", false, false},
			},
		},
		{
			name: "deeper file overrides shallower",
			files: map[string]string{
				"":      "*.txt\n!*.md\nkeep\n",
				"sub":   "!*.txt\n*.md\n",
				"sub/x": "!keep\n",
			},
			checks: []check{
				{"a.txt", false, true},
				{"sub/a.txt", false, false},
				{"sub/x/a.txt", false, false},
				{"other/a.txt", false, true},
				{"a.md", false, false},
				{"sub/a.md", false, true},
				{"sub/keep", false, true},
				{"sub/x/keep", false, false},
				{"sub/x/y/keep", false, false},
			},
		},
		{
			name: "deeper file without a match leaves the decision to shallower",
			files: map[string]string{
				"":    "*.md\n",
				"sub": "other\n",
			},
			checks: []check{
				{"sub/x.md", false, true},
				{"sub/other", false, true},
				{"other", false, false},
			},
		},
		{
			name:  "file does not apply to its own directory",
			files: map[string]string{"sub": "sub\n*\n"},
			checks: []check{
				{"sub", true, false},
				{"sub/sub", true, true},
				{"sub/x", false, true},
			},
		},
		{
			name:  "unanchored matches at any depth",
			files: map[string]string{"": "build\n*.o\n"},
			checks: []check{
				{"build", true, true},
				{"build", false, true},
				{"src/build", true, true},
				{"a/b/c/build", false, true},
				{"x.o", false, true},
				{"a/b/x.o", false, true},
			},
		},
		{
			name:  "leading slash anchors",
			files: map[string]string{"": "/build\n/*.c\n"},
			checks: []check{
				{"build", true, true},
				{"src/build", true, false},
				{"x.c", false, true},
				{"src/x.c", false, false},
			},
		},
		{
			name:  "middle slash anchors",
			files: map[string]string{"": "doc/frotz\n"},
			checks: []check{
				{"doc/frotz", true, true},
				{"doc/frotz", false, true},
				{"a/doc/frotz", true, false},
			},
		},
		{
			name:  "anchored in nested file",
			files: map[string]string{"sub": "/gen\nx/y\n"},
			checks: []check{
				{"sub/gen", true, true},
				{"gen", true, false},
				{"sub/x/gen", true, false},
				{"sub/x/y", false, true},
				{"x/y", false, false},
				{"sub/a/x/y", false, false},
			},
		},
		{
			name:  "dir-only",
			files: map[string]string{"": "build/\nfrotz/\n/out/\na/gen/\n"},
			checks: []check{
				{"build", true, true},
				{"build", false, false},
				{"src/build", true, true},
				{"frotz", true, true},
				{"a/frotz", true, true},
				{"a/frotz", false, false},
				{"out", true, true},
				{"src/out", true, false},
				{"a/gen", true, true},
				{"a/gen", false, false},
				{"b/a/gen", true, false},
			},
		},
		{
			name:  "negated dir-only",
			files: map[string]string{"": "keep*\n!keep/\n"},
			checks: []check{
				{"keep", true, false},
				{"keep", false, true},
				{"keeper", true, true},
			},
		},
		{
			name:  "shared prefixes",
			files: map[string]string{"": "build\n/out\ndoc/frotz\nlib/\n"},
			checks: []check{
				{"buildings", true, false},
				{"buildings/x", false, false},
				{"rebuild", false, false},
				{"build.txt", false, false},
				{"outside", false, false},
				{"doc/frotzy", false, false},
				{"docs/frotz", false, false},
				{"library", true, false},
			},
		},
		{
			name:  "leading **/",
			files: map[string]string{"": "**/foo\n**/x/bar\n"},
			checks: []check{
				{"foo", false, true},
				{"a/foo", true, true},
				{"a/b/foo", false, true},
				{"afoo", false, false},
				{"x/bar", false, true},
				{"a/b/x/bar", false, true},
				{"x/a/bar", false, false},
				{"bar", false, false},
			},
		},
		{
			name:  "trailing /**",
			files: map[string]string{"": "abc/**\n"},
			checks: []check{
				{"abc", true, false},
				{"abc/x", false, true},
				{"abc/x/y", false, true},
				{"abcd/x", false, false},
				{"q/abc/x", false, false},
			},
		},
		{
			name:  "middle /**/",
			files: map[string]string{"": "a/**/b\n"},
			checks: []check{
				{"a/b", false, true},
				{"a/x/b", false, true},
				{"a/x/y/b", false, true},
				{"a/xb", false, false},
				{"a/x/bc", false, false},
				{"c/a/b", false, false},
			},
		},
		{
			name:  "a segment of three stars is **",
			files: map[string]string{"": "a/***/b\n"},
			checks: []check{
				{"a/b", false, true},
				{"a/x/y/b", false, true},
			},
		},
		{
			name:  "consecutive stars inside a segment are one star",
			files: map[string]string{"": "foo**bar\nq/**z\n"},
			checks: []check{
				{"foobar", false, true},
				{"fooxbar", false, true},
				{"d/fooxbar", false, true},
				{"q/xz", false, true},
				{"q/x/z", false, false},
			},
		},
		{
			name:  "lone ** matches everything",
			files: map[string]string{"sub": "**\n"},
			checks: []check{
				{"sub/a", false, true},
				{"sub/a/b", true, true},
				{"a", false, false},
			},
		},
		{
			name:  "wildcards do not cross slashes",
			files: map[string]string{"": "a/*y\nb/?z\nc/*.go\nd*/x\n"},
			checks: []check{
				{"a/xy", false, true},
				{"a/x/y", false, false},
				{"b/xz", false, true},
				{"b/xyz", false, false},
				{"b/x/z", false, false},
				{"c/x.go", false, true},
				{"c/x/y.go", false, false},
				{"dd/x", false, true},
				{"d/e/x", false, false},
			},
		},
		{
			name:  "star and question mark",
			files: map[string]string{"": "*.tmp\nfile?.txt\na*b*c\n"},
			checks: []check{
				{".tmp", false, true},
				{"x.tmp", false, true},
				{"x.tmp.bak", false, false},
				{"file1.txt", false, true},
				{"file.txt", false, false},
				{"file12.txt", false, false},
				{"abc", false, true},
				{"axxbxxbxc", false, true},
				{"axxbxxcb", false, false},
			},
		},
		{
			name:  "character classes",
			files: map[string]string{"": "[abc].txt\n[x-z]1\n[!a-m]2\n[^a]3\n[]]4\n[a-]5\n[\\]]6\nq[*]\n"},
			checks: []check{
				{"a.txt", false, true},
				{"c.txt", false, true},
				{"d.txt", false, false},
				{"ab.txt", false, false},
				{"y1", false, true},
				{"w1", false, false},
				{"n2", false, true},
				{"c2", false, false},
				{"b3", false, true},
				{"a3", false, false},
				{"]4", false, true},
				{"-5", false, true},
				{"a5", false, true},
				{"b5", false, false},
				{"]6", false, true},
				{"q*", false, true},
				{"qx", false, false},
			},
		},
		{
			name:  "escaped wildcards are literal",
			files: map[string]string{"": "\\*x\nq\\?\n"},
			checks: []check{
				{"*x", false, true},
				{"ax", false, false},
				{"q?", false, true},
				{"qa", false, false},
			},
		},
		{
			name:  "patterns git cannot match are dropped",
			files: map[string]string{"": "[abc\nfoo\\\nok\n"},
			checks: []check{
				{"[abc", false, false},
				{"a", false, false},
				{"foo", false, false},
				{"foo\\", false, false},
				{"ok", false, true},
			},
		},
		{
			name:  "a slash escaped or inside a class still anchors",
			files: map[string]string{"": "a\\/b\nx[/y]z\n"},
			checks: []check{
				{"a/b", false, true},
				{"q/a/b", false, false},
				{"xyz", false, true},
				{"q/xyz", false, false},
				{"x/z", false, false},
			},
		},
		{
			name:  "** right after the literal prefix spans directories, as in git",
			files: map[string]string{"": "a/foo**/bar\n"},
			checks: []check{
				{"a/foobar", false, true},
				{"a/foo/bar", false, true},
				{"a/fooX/Y/bar", false, true},
				{"a/fo/bar", false, false},
			},
		},
		{
			name:  "**\\/ needs at least one directory",
			files: map[string]string{"": "a/**\\/b\n"},
			checks: []check{
				{"a/b", false, false},
				{"a/x/b", false, true},
				{"a/x/y/b", false, true},
			},
		},
		{
			name:  "repeated **/ is one",
			files: map[string]string{"": "**/**/**/b\n"},
			checks: []check{
				{"b", false, true},
				{"a/b", false, true},
				{"a/a/a/a/b", false, true},
				{"a/a/a/a/c", false, false},
			},
		},
		{
			name:  "POSIX classes",
			files: map[string]string{"": "[[:digit:]]1\n[[:upper:][:space:]]2\n[![:alnum:]]3\n[[:bogus:]]4\n[[:alpha]5\n"},
			checks: []check{
				{"71", false, true},
				{"a1", false, false},
				{"A2", false, true},
				{" 2", false, true},
				{"a2", false, false},
				{"-3", false, true},
				{"a3", false, false},
				{"a4", false, false},
				{"[4", false, false},
				{"a5", false, true},
				{":5", false, true},
				{"b5", false, false},
			},
		},
		{
			name:  "NUL ends a line",
			files: map[string]string{"": "a\x00b\n"},
			checks: []check{
				{"a", false, true},
				{"a\x00b", false, false},
			},
		},
		{
			name:  "root is never ignored",
			files: map[string]string{"": "*\n"},
			checks: []check{
				{"", true, false},
				{"x", false, true},
			},
		},
		{
			name:  "directory names are normalised",
			files: map[string]string{"./sub/": "x\n", "/": "y\n"},
			checks: []check{
				{"sub/x", false, true},
				{"x", false, false},
				{"y", false, true},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Set
			for dir, content := range tt.files {
				s.Add(dir, []byte(content))
			}
			for _, c := range tt.checks {
				if got := s.Ignored(c.path, c.isDir); got != c.want {
					t.Errorf("Ignored(%q, %v) = %v, want %v", c.path, c.isDir, got, c.want)
				}
			}
		})
	}
}

func TestZeroSet(t *testing.T) {
	var s Set
	if s.Ignored("a", false) {
		t.Error("zero Set ignores a")
	}
}

func TestAddAppends(t *testing.T) {
	var s Set
	s.Add("", []byte("*.log\n"))
	s.Add("", []byte("!keep.log\n"))
	if !s.Ignored("x.log", false) || s.Ignored("keep.log", false) {
		t.Error("second Add for the same directory should extend, and follow, the first")
	}
}

// Ignored runs for every file of large trees, so it must not allocate.
func TestIgnoredDoesNotAllocate(t *testing.T) {
	var s Set
	s.Add("", []byte("*.log\n/build/\n**/gen/**\nnode_modules\n"))
	s.Add("a/b", []byte("!x.log\nc/[a-z]*\n"))
	allocs := testing.AllocsPerRun(100, func() {
		s.Ignored("a/b/c/d/gen/e/x.log", false)
		s.Ignored("a/b/c/deep.go", false)
	})
	if allocs != 0 {
		t.Errorf("Ignored allocates %v times per run", allocs)
	}
}

func BenchmarkIgnored(b *testing.B) {
	var s Set
	s.Add("", []byte("*.log\n/build/\n**/gen/**\nnode_modules\n*.tmp\n.cache/\n"))
	s.Add("src", []byte("!keep.log\nvendor/\n"))
	for b.Loop() {
		s.Ignored("src/pkg/sub/dir/file.go", false)
	}
}
