package ignore

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// matchTests are patterns (the lines of an ignore file) and what they
// say of paths; a path ending in "/" is a directory. TestGit checks
// each against git check-ignore.
var matchTests = []struct {
	patterns string
	want     map[string]Result
}{
	{"*.html", map[string]Result{"a.html": Ignore, "d/a.html": Ignore, "d/e/a.html": Ignore, "a.htm": None, "a.html.orig": None, "d.html/": Ignore}},
	{"build/", map[string]Result{"build/": Ignore, "build": None, "src/build/": Ignore, "src/build": None, "build.txt": None}},
	{"/build", map[string]Result{"build": Ignore, "build/": Ignore, "src/build": None, "src/build/": None}},
	{"doc/frotz", map[string]Result{"doc/frotz": Ignore, "doc/frotz/": Ignore, "a/doc/frotz": None, "frotz": None}},
	{"doc/frotz/", map[string]Result{"doc/frotz/": Ignore, "doc/frotz": None}},
	{"foo/*", map[string]Result{"foo/test.json": Ignore, "foo/bar/": Ignore, "foo/bar/hello.c": None, "a/foo/x": None}},
	{"**/foo", map[string]Result{"foo": Ignore, "a/foo": Ignore, "a/b/foo/": Ignore, "foox": None}},
	{"**/foo/bar", map[string]Result{"foo/bar": Ignore, "a/foo/bar": Ignore, "a/b/foo/bar": Ignore, "bar": None}},
	{"abc/**", map[string]Result{"abc/x": Ignore, "abc/x/y": Ignore, "abc/": None, "abc": None, "x/abc/y": None}},
	{"a/**/b", map[string]Result{"a/b": Ignore, "a/x/b": Ignore, "a/x/y/b": Ignore, "a/xb": None, "ab": None}},
	{"a**b", map[string]Result{"ab": Ignore, "axxb": Ignore, "a/b": None, "d/axb": Ignore}},
	{"*.html\n!keep.html", map[string]Result{"a.html": Ignore, "keep.html": Include, "d/keep.html": Include, "keep.txt": None}},
	{"!keep.html\n*.html", map[string]Result{"keep.html": Ignore}},
	{"# comment\n\n  \n\\#hash\n\\!bang", map[string]Result{"# comment": None, "#hash": Ignore, "!bang": Ignore, "comment": None}},
	{"trail   \nesc\\ ", map[string]Result{"trail": Ignore, "trail ": None, "esc ": Ignore, "esc": None}},
	{"?.txt", map[string]Result{"a.txt": Ignore, "ab.txt": None, ".txt": None}},
	{"[abc].txt\n[!x]y\n[0-9]*.log", map[string]Result{"a.txt": Ignore, "d.txt": None, "zy": Ignore, "xy": None, "7z.log": Ignore, "z7.log": None}},
	{"[]]x\n[a-]z", map[string]Result{"]x": Ignore, "-z": Ignore, "az": Ignore, "bz": None}},
	{"[[:digit:]]x\n[[:upper:]]y", map[string]Result{"5x": Ignore, "ax": None, "Ay": Ignore, "ay": None}},
	{"a\\*b\n\\[x]", map[string]Result{"a*b": Ignore, "axb": None, "[x]": Ignore, "x": None}},
	{"*", map[string]Result{"a": Ignore, "d/": Ignore, "d/e/f": Ignore}},
	{"a/\n!a/", map[string]Result{"a/": Include}},
	{"*.html\r\n!x.html\r\n", map[string]Result{"a.html": Ignore, "x.html": Include}},
	{"ünï*.txt\n[äö]", map[string]Result{"ünïcode.txt": Ignore, "ä": Ignore, "ö": Ignore, "a": None}},
	{"line\nbreak", map[string]Result{"line\nbreak": None, "line": Ignore}},
}

func TestMatch(t *testing.T) {
	for _, tc := range matchTests {
		p, err := Parse([]byte(tc.patterns))
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.patterns, err)
			continue
		}
		for path, want := range tc.want {
			dir := strings.HasSuffix(path, "/")
			if got := p.Match(strings.TrimSuffix(path, "/"), dir); got != want {
				t.Errorf("%q: Match(%q, %v) = %v, want %v", tc.patterns, path, dir, got, want)
			}
		}
	}
}

// gitDifferences are the answers of matchTests that git check-ignore
// gives otherwise, on purpose, with the reason; TestGit checks that the
// list stays exact.
var gitDifferences = map[string]string{
	"ünï*.txt\n[äö]\x00ä": "a set holds characters, as in ripgrep; git matches bytes, and [äö] one byte of their UTF-8",
	"ünï*.txt\n[äö]\x00ö": "the same",
}

// TestGit checks matchTests against git check-ignore, when git is
// installed: each path is made, a directory or a file, in a repository
// whose .gitignore holds the patterns. A path below a directory the
// patterns ignore is not asked: git check-ignore says such a path is
// ignored, and a walk never enters the directory.
func TestGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed:", err)
	}
	differ := map[string]bool{}
	for _, tc := range matchTests {
		if strings.Contains(tc.patterns, "\r") {
			continue // git keeps the CR of a CRLF line in a pattern: a difference of no use to test
		}
		p := MustParse(tc.patterns)
		repo := t.TempDir()
		if out, err := exec.Command(git, "init", "-q", repo).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
		if err := os.WriteFile(filepath.Join(repo, ".gitignore"), []byte(tc.patterns), 0o644); err != nil {
			t.Fatal(err)
		}
	paths:
		for path, want := range tc.want {
			name := strings.TrimSuffix(path, "/")
			for i := range len(name) {
				if name[i] == '/' && p.Match(name[:i], true) == Ignore {
					continue paths
				}
			}
			work := filepath.Join(repo, "w")
			full := filepath.Join(work, filepath.FromSlash(name))
			if strings.HasSuffix(path, "/") {
				err = os.MkdirAll(full, 0o755)
			} else if err = os.MkdirAll(filepath.Dir(full), 0o755); err == nil {
				err = os.WriteFile(full, nil, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			// The patterns are in the repository's root, the path in w:
			// a second .gitignore in w holds them for w.
			os.WriteFile(filepath.Join(work, ".gitignore"), []byte(tc.patterns), 0o644)
			os.Remove(filepath.Join(repo, ".gitignore"))
			cmd := exec.Command(git, "-c", "core.quotePath=false", "check-ignore", "--no-index", "-v", "-n", "-z", "--stdin")
			cmd.Dir = work
			// No global or system excludes file: the patterns only.
			cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
			cmd.Stdin = strings.NewReader(name + "\x00")
			out, err := cmd.Output()
			if err != nil && cmd.ProcessState.ExitCode() != 1 {
				t.Fatalf("git check-ignore: %v", err)
			}
			os.RemoveAll(work)
			// -z -v: source, line, pattern, path, each ended by NUL.
			f := strings.Split(string(out), "\x00")
			if len(f) < 4 {
				t.Fatalf("git check-ignore: %q", out)
			}
			got := Ignore
			switch pat := f[2]; {
			case pat == "":
				got = None
			case strings.HasPrefix(pat, "!"):
				got = Include
			}
			key := tc.patterns + "\x00" + path
			if got != want {
				differ[key] = true
				if gitDifferences[key] == "" {
					t.Errorf("%q: git says %v of %q, the table %v", tc.patterns, got, path, want)
				}
			}
		}
	}
	for key := range gitDifferences {
		if !differ[key] {
			t.Errorf("%q: listed in gitDifferences, but git agrees", key)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		line int
		ok   string // a path the other lines still match
	}{
		{"a.html\n[abc", 2, "a.html"},
		{"trailing\\\nb.txt", 1, "b.txt"},
		{"[[:nope:]]\nc", 1, "c"},
		{"x\n" + strings.Repeat("a", MaxPatternLen+1), 2, "x"},
		{"\xff*\nd", 1, "d"},
		{"[/]\ne", 1, "e"},
	} {
		p, err := Parse([]byte(tc.in))
		var le *LineError
		if !errors.As(err, &le) || le.Line != tc.line {
			t.Errorf("Parse(%.40q): error %v, want one for line %d", tc.in, err, tc.line)
		}
		if p.Match(tc.ok, false) != Ignore {
			t.Errorf("Parse(%.40q): %q not matched by the lines kept", tc.in, tc.ok)
		}
	}
}

func TestTooManyPatterns(t *testing.T) {
	many := strings.Repeat("a*b\n", MaxPatterns)
	if p, err := Parse([]byte(many)); err != nil || p.Len() != MaxPatterns {
		t.Errorf("%d patterns: %v, %d taken", MaxPatterns, err, p.Len())
	}
	if _, err := Parse([]byte(many + "# comments count for nothing\n\nc\n")); !errors.Is(err, ErrTooManyPatterns) {
		t.Errorf("%d patterns: %v, want ErrTooManyPatterns", MaxPatterns+1, err)
	}
}

func TestNil(t *testing.T) {
	var p *Patterns
	if p.Match("x", false) != None || p.Len() != 0 {
		t.Error("nil Patterns match")
	}
}

// FuzzMatch parses any patterns and matches any path: no panic, the
// literal patterns compared as strings match as their regular
// expressions would, and a pattern that is the path written with every
// byte escaped matches it.
func FuzzMatch(f *testing.F) {
	for _, tc := range matchTests {
		for path := range tc.want {
			f.Add(tc.patterns, path)
		}
	}
	f.Fuzz(func(t *testing.T, patterns, path string) {
		p, err := Parse([]byte(patterns))
		literals = false
		re, reErr := Parse([]byte(patterns))
		literals = true
		if (err == nil) != (reErr == nil) {
			t.Fatalf("Parse(%q): %v; with regular expressions only, %v", patterns, err, reErr)
		}
		for _, dir := range []bool{false, true} {
			if got, want := p.Match(path, dir), re.Match(path, dir); got != want {
				t.Fatalf("%q: Match(%q, %v) = %v; with regular expressions only, %v", patterns, path, dir, got, want)
			}
		}
		if path == "" || strings.ContainsAny(path, "\r\n") || strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") || strings.Contains(path, "//") {
			return
		}
		var lit strings.Builder
		lit.WriteString("/")
		for _, c := range path {
			if c != '/' {
				lit.WriteByte('\\')
			}
			lit.WriteRune(c)
		}
		if strings.ToValidUTF8(path, "") != path || lit.Len() > MaxPatternLen {
			return
		}
		q, err := Parse([]byte(lit.String()))
		if err != nil {
			t.Fatalf("Parse(%q): %v", lit.String(), err)
		}
		if q.Match(path, false) != Ignore {
			t.Fatalf("%q does not match %q", lit.String(), path)
		}
	})
}
