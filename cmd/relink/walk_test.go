package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/ignore"
)

// writeTree writes the files of m, by slash-separated path, below dir;
// a path ending in "/" is an empty directory.
func writeTree(t *testing.T, dir string, m map[string]string) {
	t.Helper()
	for path, s := range m {
		full := filepath.Join(dir, filepath.FromSlash(path))
		if strings.HasSuffix(path, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// extracted runs relink extract with args (in dir, when not "") and
// returns the files it read links from, relative to dir and
// slash-separated, sorted, and its standard error.
func extracted(t *testing.T, dir string, args ...string) ([]string, string) {
	t.Helper()
	if dir != "" {
		t.Chdir(dir)
	}
	r := runString(append([]string{"extract", "--format", "tsv", "--type", "text"}, args...), "")
	if r.code != exitOK {
		t.Errorf("relink extract %q: exit status %d\n%s", args, r.code, r.stderr)
	}
	var files []string
	for line := range strings.Lines(r.stdout) {
		f, _, _ := strings.Cut(line, "\t")
		f = filepath.ToSlash(f)
		if !slices.Contains(files, f) && !isIgnoreFile(f) {
			files = append(files, f)
		}
	}
	slices.Sort(files)
	return files, r.stderr
}

// isIgnoreFile reports whether path is that of an ignore file, which a
// walk with --hidden reads as it reads the others.
func isIgnoreFile(path string) bool {
	base := filepath.Base(path)
	return base == ".gitignore" || base == ".ignore"
}

const link = "see https://example.org/\n"

// walkTree is a tree whose files each hold one link: a repository (with
// .git/config holding a link too) below a directory that holds ignore
// files of its own.
var walkTree = map[string]string{
	".ignore":                   "top-ignored.txt\n", // above the repository: applies (an .ignore)
	".gitignore":                "a.txt\n",           // above the repository: does not apply
	"top-ignored.txt":           link,
	"repo/.git/config":          "[remote]\n\turl = https://example.org/repo.txt\n",
	"repo/.git/info/exclude":    "excluded-by-info.txt\n",
	"repo/.gitignore":           "*.log.txt\n/anchored.txt\nbuild/\n!keep.log.txt\ndeep/**/x.txt\n",
	"repo/.ignore":              "!ignore-wins.log.txt\n",
	"repo/a.txt":                link,
	"repo/b.log.txt":            link,
	"repo/keep.log.txt":         link,
	"repo/ignore-wins.log.txt":  link,
	"repo/anchored.txt":         link,
	"repo/sub/anchored.txt":     link,
	"repo/sub/c.log.txt":        link,
	"repo/sub/.gitignore":       "!c.log.txt\nlocal.txt\n",
	"repo/sub/local.txt":        link,
	"repo/local.txt":            link,
	"repo/build/d.txt":          link,
	"repo/src/build":            link, // a file named build: "build/" takes directories only
	"repo/deep/x.txt":           link,
	"repo/deep/a/b/x.txt":       link,
	"repo/deep/a/y.txt":         link,
	"repo/excluded-by-info.txt": link,
	"repo/.hidden.txt":          link,
	"repo/.hid/e.txt":           link,
	"repo/vendor/v.txt":         link,
	"repo/docs/vendor/w.txt":    link,
	"repo/docs/v.min.html":      "<a href=\"https://example.org/\">x</a>\n",
	"repo/nested/.git/HEAD":     "ref: refs/heads/main\n",
	"repo/nested/n.log.txt":     link, // another repository: the .gitignore above is not its
	"norepo/.gitignore":         "*.txt\n",
	"norepo/f.txt":              link,
	"norepo/.ignore":            "g.txt\n",
	"norepo/g.txt":              link,
	"repo/sub/bad/.gitignore":   "[unclosed\nh.txt\n",
	"repo/sub/bad/h.txt":        link,
	"repo/sub/bad/i.txt":        link,
}

func TestWalkIgnore(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, walkTree)
	all := []string{"a.txt", "anchored.txt", "b.log.txt", "build/d.txt", "deep/a/b/x.txt", "deep/a/y.txt", "deep/x.txt",
		"docs/v.min.html", "docs/vendor/w.txt", "excluded-by-info.txt", "ignore-wins.log.txt", "keep.log.txt", "local.txt",
		"nested/n.log.txt", "src/build", "sub/anchored.txt", "sub/bad/h.txt", "sub/bad/i.txt", "sub/c.log.txt", "sub/local.txt", "vendor/v.txt"}
	for _, tc := range []struct {
		name string
		dir  string // the directory to run in, below dir
		args []string
		want []string
		warn string // in standard error
	}{
		{
			name: "default",
			dir:  "repo",
			args: []string{"-r", "."},
			want: []string{"a.txt", "deep/a/y.txt", "docs/v.min.html", "docs/vendor/w.txt", "ignore-wins.log.txt", "keep.log.txt",
				"local.txt", "nested/n.log.txt", "src/build", "sub/anchored.txt", "sub/bad/i.txt", "sub/c.log.txt", "vendor/v.txt"},
			warn: filepath.Join("sub", "bad", ".gitignore") + `:1: warning: unclosed [: "[unclosed" left out`,
		},
		{name: "no path", dir: "repo", args: []string{"-r"},
			want: []string{"a.txt", "deep/a/y.txt", "docs/v.min.html", "docs/vendor/w.txt", "ignore-wins.log.txt", "keep.log.txt",
				"local.txt", "nested/n.log.txt", "src/build", "sub/anchored.txt", "sub/bad/i.txt", "sub/c.log.txt", "vendor/v.txt"}},
		{name: "no-ignore", dir: "repo", args: []string{"-r", "--no-ignore", "."}, want: all},
		{name: "hidden no-ignore", dir: "repo", args: []string{"-r", "--hidden", "--no-ignore", "."},
			want: append([]string{".hid/e.txt", ".hidden.txt"}, all...)}, // never .git/config
		{
			name: "exclude-path",
			dir:  "repo",
			args: []string{"-r", "--no-ignore", "--exclude-path", "vendor/", "--exclude-path", "*.min.html", "--exclude-path", "/deep", "--exclude-path", "sub/bad/*.txt", "."},
			want: []string{"a.txt", "anchored.txt", "b.log.txt", "build/d.txt", "excluded-by-info.txt", "ignore-wins.log.txt",
				"keep.log.txt", "local.txt", "nested/n.log.txt", "src/build", "sub/anchored.txt", "sub/c.log.txt", "sub/local.txt"},
		},
		{
			name: "subdirectory",
			dir:  "repo/sub",
			args: []string{"-r", "."}, // repo/.gitignore applies from above
			want: []string{"anchored.txt", "bad/i.txt", "c.log.txt"},
		},
		{
			name: "named",
			dir:  "repo",
			args: []string{"-r", "b.log.txt", ".hidden.txt", "build", ".hid"}, // named: taken whatever the ignore files
			want: []string{".hid/e.txt", ".hidden.txt", "b.log.txt", "build/d.txt"},
		},
		{name: "outside a repository", dir: "norepo", args: []string{"-r"}, want: []string{"f.txt"}},
		{name: "above", dir: "", args: []string{"-r", "."},
			want: []string{"norepo/f.txt", "repo/a.txt", "repo/deep/a/y.txt", "repo/docs/v.min.html", "repo/docs/vendor/w.txt",
				"repo/ignore-wins.log.txt", "repo/keep.log.txt", "repo/local.txt", "repo/nested/n.log.txt", "repo/src/build", "repo/sub/anchored.txt",
				"repo/sub/bad/i.txt", "repo/sub/c.log.txt", "repo/vendor/v.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, stderr := extracted(t, filepath.Join(dir, tc.dir), tc.args...)
			if !slices.Equal(got, tc.want) {
				t.Errorf("extract %q read\n%q\nwant\n%q", tc.args, got, tc.want)
			}
			if tc.warn != "" && !strings.Contains(stderr, tc.warn) {
				t.Errorf("no warning %q in\n%s", tc.warn, stderr)
			}
			// rewrite -n walks the same files; -v reports each.
			r := runString(append([]string{"rewrite", "-n", "-v", "--type", "text"}, tc.args...), "")
			var scanned []string
			for line := range strings.Lines(r.stderr) {
				if f, ok := strings.CutPrefix(line, "relink rewrite: "); ok && strings.Contains(f, ": ") && !strings.Contains(f, "warning") && !strings.Contains(f, "scanned") {
					f, _, _ = strings.Cut(f, ": ")
					if !isIgnoreFile(f) {
						scanned = append(scanned, filepath.ToSlash(f))
					}
				}
			}
			slices.Sort(scanned)
			if !slices.Equal(scanned, tc.want) {
				t.Errorf("rewrite %q scanned\n%q\nwant\n%q\n%s", tc.args, scanned, tc.want, r.stderr)
			}
		})
	}
}

// TestWalkIgnoreLimits checks that an ignore file too large, or of too
// many patterns, is an error and is not used: the walk goes on as if
// it were not there.
func TestWalkIgnoreLimits(t *testing.T) {
	for _, tc := range []struct {
		ignore string
		msg    string
	}{
		{"a.txt\n" + strings.Repeat("#", maxIgnoreFile), ".ignore: larger than 1 MiB, not used"},
		{"a.txt\n" + strings.Repeat("x*y\n", ignore.MaxPatterns), ".ignore: more than 10000 patterns: not used"},
	} {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{".ignore": tc.ignore, "a.txt": link, "b.txt": link})
		r := runString([]string{"extract", "-r", "--format", "uri", dir}, "")
		if r.code != exitFail || r.stdout != "https://example.org/\nhttps://example.org/\n" || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("exit status %d, stdout %q, stderr %q; want 1, both links, %q", r.code, r.stdout, r.stderr, tc.msg)
		}
	}
}

// TestExcludePathUsage checks the values --exclude-path refuses.
func TestExcludePathUsage(t *testing.T) {
	for _, v := range []string{"!x", "[abc", "", "# c"} {
		for _, cmd := range []string{"extract", "rewrite"} {
			r := runString([]string{cmd, "-r", "--exclude-path", v, "."}, "")
			if r.code != exitUsage || !strings.Contains(r.stderr, "exclude-path") {
				t.Errorf("%s --exclude-path %q: exit status %d, stderr %q", cmd, v, r.code, r.stderr)
			}
		}
	}
}

// hashTree returns the SHA-256 of every file below dir, and of the
// target of every symbolic link, by path.
func hashTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		var b []byte
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			s, err := os.Readlink(path)
			if err != nil {
				return err
			}
			b = []byte("link " + s)
		case d.Type().IsRegular():
			if b, err = os.ReadFile(path); err != nil {
				return err
			}
		}
		h := sha256.Sum256(b)
		m[path] = info.Mode().String() + " " + hex.EncodeToString(h[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRewriteGitRepository rewrites a real git repository in place with
// --type text --strict=false, which takes any file for text and any
// domain for a link, and checks that git fsck --strict finds nothing
// and that no file below .git changed (issue 18, item 3: git's loose
// objects were rewritten and corrupt).
func TestRewriteGitRepository(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("needs the git binary:", err)
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"index.html":      "<a href=\"http://bücher.example/ü\">x</a> www.bücher.example\n",
		"notes.txt":       "see bücher.example/regal and https://example.org/ä\n",
		"docs/guide.html": "<p>http://例え.テスト/パス</p><a href=\"/é\">é</a>\n",
		"README":          "example.com/ü\n",
		".gitignore":      "public/\n",
		"public/out.html": "<a href=\"/é\">é</a>\n",
	})
	gitRun := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.org", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	gitRun("init", "-q")
	gitRun("config", "remote.origin.url", "https://bücher.example/repo.git") // a link in .git/config, which --to uri would change
	gitRun("add", "-A")
	gitRun("commit", "-q", "-m", "pages with links to www.example.com")
	before := hashTree(t, filepath.Join(dir, ".git"))
	t.Chdir(dir)
	r := runString([]string{"rewrite", "-r", "-w", "--to", "uri", "--type", "text", "--strict=false"}, "")
	if r.code != exitOK {
		t.Fatalf("rewrite: exit status %d\n%s", r.code, r.stderr)
	}
	if out := gitRun("fsck", "--strict", "--no-dangling"); out != "" {
		t.Errorf("git fsck --strict: %s", out)
	}
	after := hashTree(t, filepath.Join(dir, ".git"))
	for path, h := range before {
		if after[path] != h {
			t.Errorf("%s changed", path)
		}
	}
	for path := range after {
		if before[path] == "" {
			t.Errorf("%s appeared", path)
		}
	}
	// The files of the work tree were rewritten, but for public/,
	// which .gitignore ignores, and .gitignore, which is hidden.
	status := gitRun("status", "--porcelain")
	for _, f := range []string{"index.html", "notes.txt", "docs/guide.html", "README"} {
		if !strings.Contains(status, " M "+f+"\n") {
			t.Errorf("%s not rewritten; git status:\n%s", f, status)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "public", "out.html")); string(b) != "<a href=\"/é\">é</a>\n" {
		t.Errorf("public/out.html, which .gitignore ignores, was rewritten: %q", b)
	}
	if !strings.Contains(r.stderr, "4 files scanned, 4 changed") || !strings.Contains(r.stderr, " 0 skipped") {
		t.Errorf("summary:\n%s", r.stderr)
	}
	t.Logf("%s", r.stderr)
}

// TestJoinName checks that joinName, for a clean directory and the name
// of one of its entries, is filepath.Join.
func TestJoinName(t *testing.T) {
	for _, dir := range []string{"/", ".", "..", "a", "a/b", "/a", "/a/b", "../a", "a b"} {
		for _, name := range []string{"x.html", ".hidden", "..x", "x y", "é.html", "...", ".", ".."} {
			if got, want := joinName(dir, name), filepath.Join(dir, name); got != want {
				t.Errorf("joinName(%q, %q) = %q, want %q", dir, name, got, want)
			}
		}
	}
}
