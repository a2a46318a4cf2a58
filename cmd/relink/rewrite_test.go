package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/testcorpus"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

// copyTree copies the regular files below src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// readTree returns the contents of the regular files below dir by their
// slash-separated path relative to dir.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		m[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// rewritten returns doc rewritten in-process with opts.
func rewritten(t *testing.T, opts rewrite.Options, doc string) string {
	t.Helper()
	s, _, err := transform.String(rewrite.NewHTML(opts), doc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRewriteStdin(t *testing.T) {
	in := "<p><a href='http://résumé.example.org/ü?q=å'>x</a>  <A HREF=\"/ok\">y</a>\r\n"
	got := runString([]string{"rewrite", "--to", "uri"}, in)
	want := "<p><a href='http://xn--rsum-bpad.example.org/%C3%BC?q=%C3%A5'>x</a>  <A HREF=\"/ok\">y</a>\r\n"
	if got.code != exitOK || got.stdout != want || got.stderr != "" {
		t.Errorf("rewrite: exit %d, stdout %q, stderr %q; want %q", got.code, got.stdout, got.stderr, want)
	}
	got = runString([]string{"rewrite", "--to", "iri", "--resolve", "absolute", "--charset", "utf-8", "--base", "http://example.org/a/"}, "<a href=b%C3%A9>")
	if want := "<a href=http://example.org/a/bé>"; got.stdout != want {
		t.Errorf("rewrite --to iri --resolve absolute: %q, want %q (%s)", got.stdout, want, got.stderr)
	}
}

func TestRewriteUsage(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "testdata", "site"), dir)
	for _, args := range [][]string{
		{"--type", "json"},
		{"--to", "url"},
		{"--resolve", "up"},
		{"--resolve", "absolute", dir},
		{"--resolve", "relative", "-r", "-n", dir},
		{"-j", "-1"},
		{"-w", "-n", dir},
		{"--backup", "~", dir},
		{"-w"},
		{filepath.Join(dir, "index.html"), filepath.Join(dir, "ru", "koi8-r.html")},
		{"-r", dir},
	} {
		got := runString(append([]string{"rewrite"}, args...), "")
		if got.code != exitUsage || !strings.Contains(got.stderr, "usage: relink rewrite") {
			t.Errorf("rewrite %q: exit %d, stderr %q; want a usage error", args, got.code, got.stderr)
		}
	}
}

// TestRewriteInPlace rewrites a copy of testdata/site with -w and checks
// what changed and what did not, then that a second run changes nothing.
func TestRewriteInPlace(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "testdata", "site"), dir)
	same := "<p><a href=\"http://example.org/already%20ascii\">ascii</a></p>\n"
	write(t, filepath.Join(dir, "same.html"), same)
	if err := os.Chmod(filepath.Join(dir, "index.html"), 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	setMtimes(t, dir, old)
	before := readTree(t, dir)

	base := "https://example.org/site/"
	got := runString([]string{"rewrite", "-r", "-w", "--backup", ".orig", "--to", "uri", "--base", base, dir}, "")
	if got.code != exitOK || got.stdout != "" {
		t.Fatalf("rewrite -w: exit %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	if want := "7 files scanned, 5 changed, 18 links rewritten, 0 skipped, 0 errors"; !strings.Contains(got.stderr, want) {
		t.Errorf("summary %q, want %q", got.stderr, want)
	}
	after := readTree(t, dir)
	for name, b := range before {
		a := after[name]
		want := rewritten(t, rewrite.Options{To: rewrite.FormURI, Options: extract.Options{BaseURL: base + name}}, b)
		if !strings.HasSuffix(name, ".html") {
			// notes.txt and README.md: plain text.
			w, _, err := transform.String(rewrite.NewText(rewrite.Options{To: rewrite.FormURI, Options: extract.Options{StrictText: true}}), b)
			if err != nil {
				t.Fatal(err)
			}
			want = w
		}
		if a != want {
			t.Errorf("%s:\n%s\nwant\n%s", name, a, want)
		}
		if a != b && after[name+".orig"] != b {
			t.Errorf("%s.orig is not the original", name)
		}
		if a == b {
			if _, ok := after[name+".orig"]; ok {
				t.Errorf("%s unchanged, but backed up", name)
			}
		}
	}
	if after["notes.txt"] == before["notes.txt"] {
		t.Errorf("notes.txt unchanged")
	}
	if len(after) != len(before)+5 {
		t.Errorf("%d files after, want %d + 5 backups", len(after), len(before))
	}
	if mt := mtime(t, filepath.Join(dir, "same.html")); !mt.Equal(old) {
		t.Errorf("same.html: modified at %v, want untouched %v", mt, old)
	}
	if mt := mtime(t, filepath.Join(dir, "index.html")); mt.Equal(old) {
		t.Errorf("index.html: mtime untouched, but it changed")
	}
	info, err := os.Stat(filepath.Join(dir, "index.html"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("index.html: mode %v, %v; want -rw-------", info.Mode(), err)
	}

	// A second run is a no-op.
	setMtimes(t, dir, old)
	got = runString([]string{"rewrite", "-r", "-w", "--backup", ".orig", "--to", "uri", "--base", base, dir}, "")
	if got.code != exitOK || !strings.Contains(got.stderr, " 0 changed, 0 links rewritten") {
		t.Errorf("second run: exit %d, stderr %q", got.code, got.stderr)
	}
	if again := readTree(t, dir); fmt.Sprint(again) != fmt.Sprint(after) {
		t.Errorf("second run changed the files")
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !mtime(t, path).Equal(old) {
			t.Errorf("second run: %s written", path)
		}
		return nil
	})
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mtime(t *testing.T, path string) time.Time {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.ModTime()
}

func setMtimes(t *testing.T, dir string, tm time.Time) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if err := os.Chtimes(path, tm, tm); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	})
}

func TestRewriteDryRun(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "testdata", "site"), dir)
	before := readTree(t, dir)
	got := runString([]string{"rewrite", "--to", "uri", "--dry-run", "-r", dir}, "")
	want := filepath.Join(dir, "index.html") + "\t4\n" +
		filepath.Join(dir, "ja", "shift_jis.html") + "\t5\n" +
		filepath.Join(dir, "notes.txt") + "\t3\n" +
		filepath.Join(dir, "ru", "koi8-r.html") + "\t3\n" +
		filepath.Join(dir, "zh", "gbk.html") + "\t3\n"
	if got.code != exitOK || got.stdout != want {
		t.Errorf("rewrite -n: exit %d, stdout\n%s\nwant\n%s\nstderr %s", got.code, got.stdout, want, got.stderr)
	}
	if !strings.Contains(got.stderr, "6 files scanned, 5 to change, 18 links rewritten") {
		t.Errorf("summary %q", got.stderr)
	}
	if after := readTree(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("rewrite -n wrote")
	}
}

func TestRewriteDiff(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.html")
	var doc strings.Builder
	doc.WriteString("<a href=\"http://example.org/é\">1</a>\n")
	for i := range 10 {
		fmt.Fprintf(&doc, "line %d\n", i)
	}
	doc.WriteString("<img src=ü.png>")
	write(t, path, doc.String())
	got := runString([]string{"rewrite", "--to", "uri", "--diff", path}, "")
	want := "diff " + path + ".orig " + path + "\n" +
		"--- " + path + ".orig\n" +
		"+++ " + path + "\n" +
		"@@ -1,4 +1,4 @@\n" +
		"-<a href=\"http://example.org/é\">1</a>\n" +
		"+<a href=\"http://example.org/%C3%A9\">1</a>\n" +
		" line 0\n line 1\n line 2\n" +
		"@@ -9,4 +9,4 @@\n" +
		" line 7\n line 8\n line 9\n" +
		"-<img src=ü.png>\n\\ No newline at end of file\n" +
		"+<img src=%C3%BC.png>\n\\ No newline at end of file\n"
	if got.code != exitOK || got.stdout != want {
		t.Errorf("rewrite --diff: exit %d, stdout\n%s\nwant\n%s\nstderr %s", got.code, got.stdout, want, got.stderr)
	}
	if b, _ := os.ReadFile(path); string(b) != doc.String() {
		t.Errorf("--diff without -w wrote the file")
	}
	// With -w, the same diff, and the file written.
	got2 := runString([]string{"rewrite", "--to", "uri", "--diff", "-w", path}, "")
	if got2.stdout != want {
		t.Errorf("rewrite --diff -w: stdout\n%s", got2.stdout)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "%C3%BC.png") {
		t.Errorf("--diff -w did not write the file")
	}
}

// TestRewriteText rewrites plain text: standard input and a file without
// an extension taken for text by their first bytes, --type text, the
// golden files of package rewrite in their charsets, a diff of a legacy
// text decoded, and a file written in place, then left alone.
func TestRewriteText(t *testing.T) {
	tests := []struct {
		args     []string
		in, want string
	}{
		{[]string{"--to", "uri", "--strict=false"}, "See www.bücher.de/regal, or mail jörg@bücher.de.\n", "See www.xn--bcher-kva.de/regal, or mail jörg@xn--bcher-kva.de.\n"},
		// Strict by default: only links with a scheme, and addresses.
		{[]string{"--to", "uri"}, "See www.bücher.de/regal, or mail jörg@bücher.de.\n", "See www.bücher.de/regal, or mail jörg@xn--bcher-kva.de.\n"},
		{[]string{"--to", "uri", "--resolve", "absolute", "--type", "text"}, "Date.now(), [addons](n-api.md), fs.open, x.sh, README.md and https://bücher.de/\n",
			"Date.now(), [addons](n-api.md), fs.open, x.sh, README.md and https://xn--bcher-kva.de/\n"},
		{[]string{"--strict=false", "--to", "iri", "--resolve", "absolute", "--type", "text"}, "https://de.wikipedia.org/wiki/D%C3%BCrst example.com/%C3%A9",
			"https://de.wikipedia.org/wiki/Dürst http://example.com/é"},
		// Looks like HTML: the text of a p element has no links in HTML.
		{nil, "<p>http://例え.jp/ </p>", "<p>http://例え.jp/ </p>"},
		{[]string{"--to", "uri", "--type", "text"}, "<p>http://例え.jp/ </p>", "<p>http://xn--r8jz45g.jp/ </p>"},
	}
	for _, tt := range tests {
		got := runString(append([]string{"rewrite"}, tt.args...), tt.in)
		if got.code != exitOK || got.stdout != tt.want || got.stderr != "" {
			t.Errorf("rewrite %q < %q: exit %d, stdout %q, stderr %q; want %q", tt.args, tt.in, got.code, got.stdout, got.stderr, tt.want)
		}
	}

	for _, cs := range []string{"utf-8", "windows-1251", "shift_jis"} {
		path := filepath.Join("..", "..", "testdata", "rewrite", "text-"+cs+".txt")
		for _, to := range []string{"uri", "iri"} {
			want, err := os.ReadFile(filepath.Join("..", "..", "testdata", "rewrite", "text-"+cs+"."+to+"-keep.golden"))
			if err != nil {
				t.Fatal(err)
			}
			got := runString([]string{"rewrite", "--strict=false", "--to", to, "--charset", cs, path}, "")
			if got.code != exitOK || got.stdout != string(want) {
				t.Errorf("rewrite --to %s --charset %s %s: exit %d, not the golden file (%s)", to, cs, path, got.code, got.stderr)
			}
		}
	}

	dir := t.TempDir()
	ru := filepath.Join(dir, "ru.txt")
	write(t, ru, "\xcf\xee\xe8\xf1\xea: http://example.ru/%D0%BF?q=%D0%96\n") // "Поиск: ..." in windows-1251
	got := runString([]string{"rewrite", "--diff", "--to", "iri", "--charset", "windows-1251", ru}, "")
	want := "diff " + ru + ".orig " + ru + " (windows-1251, shown in UTF-8)\n" +
		"--- " + ru + ".orig\n" +
		"+++ " + ru + "\n" +
		"@@ -1 +1 @@\n" +
		"-Поиск: http://example.ru/%D0%BF?q=%D0%96\n" +
		"+Поиск: http://example.ru/п?q=%D0%96\n"
	if got.code != exitOK || got.stdout != want {
		t.Errorf("rewrite --diff: exit %d, stdout\n%s\nwant\n%s\nstderr %s", got.code, got.stdout, want, got.stderr)
	}

	// A file named without a text extension that does not look like
	// HTML is rewritten only when --type says it is text.
	notes := filepath.Join(dir, "NOTES")
	write(t, notes, "Mail jörg@bücher.de\n")
	got = runString([]string{"rewrite", "-w", notes}, "")
	if b, _ := os.ReadFile(notes); got.code != exitOK || string(b) != "Mail jörg@bücher.de\n" || !strings.Contains(got.stderr, "NOTES: warning: neither HTML nor a text file") {
		t.Errorf("rewrite -w (auto): exit %d, %q, stderr %q", got.code, b, got.stderr)
	}
	got = runString([]string{"rewrite", "--to", "uri", "-w", "--type", "text", notes}, "")
	if b, _ := os.ReadFile(notes); got.code != exitOK || string(b) != "Mail jörg@xn--bcher-kva.de\n" {
		t.Errorf("rewrite -w --type text: exit %d, %q, stderr %q", got.code, b, got.stderr)
	}
	got = runString([]string{"rewrite", "--to", "uri", "-n", "--type", "text", notes}, "")
	if got.code != exitOK || got.stdout != "" || !strings.Contains(got.stderr, "1 file scanned, 0 to change") {
		t.Errorf("rewrite -n after -w: exit %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
}

// BenchmarkRewriteJobsRatio measures relink rewrite -n -r on a tree (see
// jobsTree) with -j 1 and then -j 2 in each iteration (run it with
// -benchtime 5x for 5 rounds), and reports the ratio of the best wall
// times, what a second core gives a batch, as the metric j2/j1-x. A
// machine whose other load takes a core cannot show it.
func BenchmarkRewriteJobsRatio(b *testing.B) {
	dir, size := jobsTree(b)
	best := map[string]time.Duration{}
	for b.Loop() {
		for _, j := range []string{"1", "2"} {
			start := time.Now()
			if got := runString([]string{"rewrite", "--to", "uri", "-n", "-r", "-j", j, dir}, ""); got.code != exitOK {
				b.Fatal(got.stderr)
			}
			if d := time.Since(start); best[j] == 0 || d < best[j] {
				best[j] = d
			}
		}
	}
	ratio := best["1"].Seconds() / best["2"].Seconds()
	b.ReportMetric(ratio, "j2/j1-x")
	mb := float64(size) / 1e6
	b.Logf("%s (%.0f MB), best of %d: -j 1 %v (%.0f MB/s), -j 2 %v (%.0f MB/s): -j 2 is %.2fx -j 1 (target 1.7x)",
		dir, mb, b.N, best["1"], mb/best["1"].Seconds(), best["2"], mb/best["2"].Seconds(), ratio)
}

// TestDiffLines checks that the edit scripts of diffLines turn a into b
// and keep as many lines as an LCS, on random texts.
func TestDiffLines(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		a := randomLines(r)
		b := randomLines(r)
		if r.IntN(2) == 0 {
			b = mutate(r, a)
		}
		ops := diffLines(a, b)
		var ga, gb []string
		kept := 0
		for _, op := range ops {
			switch op.kind {
			case ' ':
				if a[op.i] != b[op.j] {
					t.Fatalf("kept %q as %q", a[op.i], b[op.j])
				}
				ga, gb = append(ga, a[op.i]), append(gb, b[op.j])
				kept++
			case '-':
				ga = append(ga, a[op.i])
			case '+':
				gb = append(gb, b[op.j])
			}
		}
		if strings.Join(ga, "") != strings.Join(a, "") || strings.Join(gb, "") != strings.Join(b, "") {
			t.Fatalf("diff of %q and %q: %v", a, b, ops)
		}
		if l := lcs(a, b); kept != l {
			t.Fatalf("diff of %q and %q keeps %d lines, LCS %d", a, b, kept, l)
		}
	}
}

func randomLines(r *rand.Rand) []string {
	n := r.IntN(12)
	l := make([]string, n)
	for i := range l {
		l[i] = string(rune('a'+r.IntN(4))) + "\n"
	}
	return l
}

func mutate(r *rand.Rand, a []string) []string {
	b := append([]string(nil), a...)
	for range r.IntN(3) + 1 {
		if len(b) > 0 && r.IntN(2) == 0 {
			i := r.IntN(len(b))
			b = append(b[:i], b[i+1:]...)
		} else {
			i := r.IntN(len(b) + 1)
			b = append(b[:i], append([]string{"x\n"}, b[i:]...)...)
		}
	}
	return b
}

func lcs(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// genSite writes n HTML files of a few KiB below dir, most of them with
// links that --to uri changes, and returns their contents by path.
func genSite(t testing.TB, dir string, n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		var b strings.Builder
		b.WriteString("<!doctype html>\n<meta charset=utf-8>\n<title>page</title>\n")
		for k := range 30 {
			if i%10 == 0 {
				fmt.Fprintf(&b, "<p><a href=\"/ascii/%d/%d\">link</a> text text text text text text text text text</p>\n", i, k)
			} else {
				fmt.Fprintf(&b, "<p><a href=\"/パス/ページ%d?q=値%d\">リンク</a> <img src='画像/%d.png'> text text text text</p>\n", i, k, k)
			}
		}
		name := filepath.Join(dir, fmt.Sprintf("d%02d", i%20), fmt.Sprintf("p%04d.html", i))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		files[name] = b.String()
	}
	return files
}

func TestRewriteParallel(t *testing.T) {
	dir := t.TempDir()
	genSite(t, dir, 60)
	write(t, filepath.Join(dir, "d03", "bin.html"), "<a href=x>\x00\x01")
	var outs []runResult
	for _, j := range []string{"1", "4"} {
		for _, mode := range []string{"-n", "--diff"} {
			got := runString([]string{"rewrite", "--to", "uri", "-r", "-j", j, mode, dir}, "")
			if got.code != exitOK {
				t.Fatalf("-j %s %s: exit %d: %s", j, mode, got.code, got.stderr)
			}
			// The time in the summary varies.
			got.stderr = got.stderr[:strings.LastIndex(got.stderr, ", ")]
			outs = append(outs, got)
		}
	}
	if outs[0] != outs[2] || outs[1] != outs[3] {
		t.Errorf("-j 1 and -j 4 differ:\n%v\n%v", outs[0], outs[2])
	}
	if !strings.Contains(outs[0].stderr, "bin.html: warning: binary, skipped") {
		t.Errorf("binary file not reported: %s", outs[0].stderr)
	}
	if n := strings.Count(outs[0].stdout, "\n"); n != 54 {
		t.Errorf("-n lists %d files, want 54", n)
	}
}

func TestRewriteErrors(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "testdata", "site"), dir)
	outside := filepath.Join(t.TempDir(), "outside.html")
	write(t, outside, "<a href=é>")
	if err := os.Symlink(outside, filepath.Join(dir, "link.html")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	write(t, filepath.Join(dir, "bin.html"), "<html>\x00")
	bad := filepath.Join(dir, "ja", "shift_jis.html")
	open := openRewrite
	openRewrite = func(dir *os.Root, name string) (*os.File, error) {
		if filepath.Join(dir.Name(), name) == bad {
			return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("injected failure")}
		}
		return open(dir, name)
	}
	defer func() { openRewrite = open }()
	missing := filepath.Join(dir, "missing.html")

	// The file named twice, and within the tree, is rewritten once.
	got := runString([]string{"rewrite", "--to", "uri", "-r", "-w", dir, missing, filepath.Join(dir, "ru", "koi8-r.html"), dir}, "")
	if got.code != exitFail {
		t.Errorf("exit %d, want 1", got.code)
	}
	for _, want := range []string{
		bad + ": injected failure\n",
		missing + ": no such file or directory\n",
		filepath.Join(dir, "link.html") + ": warning: symbolic link, skipped",
		filepath.Join(dir, "bin.html") + ": warning: binary, skipped",
		"5 files scanned, 4 changed, 13 links rewritten, 1 skipped, 2 errors,",
	} {
		if !strings.Contains(got.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, got.stderr)
		}
	}
	if b, _ := os.ReadFile(outside); string(b) != "<a href=é>" {
		t.Errorf("the file outside the tree was rewritten")
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.html")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "ru", "koi8-r.html")); !bytes.Contains(b, []byte("%E0%CE%C9%CB%CF%C4")) {
		t.Errorf("the others were not rewritten")
	}
}

// TestRewriteKill kills relink rewrite -w at various moments of its run
// on a large tree and checks that each file is then either as it was or
// as rewritten, never partly written; then that a new run completes the
// job and skips the temporary files the killed one left.
func TestRewriteKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds relink and rewrites 1000 files three times")
	}
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("needs SIGKILL")
	}
	bin := filepath.Join(t.TempDir(), "relink")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	delays := []time.Duration{50 * time.Millisecond, 200 * time.Millisecond, 600 * time.Millisecond}
	for i, delay := range delays {
		dir := t.TempDir()
		files := genSite(t, dir, 1000)
		start := time.Now()
		args := []string{"rewrite", "-w", "-r", "-j", "2", "--to", "uri", dir}
		backup := i == 1 // once with --backup: the original is always under one name or the other
		if backup {
			args = append(args, "--backup", ".orig")
		}
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		cmd.Process.Kill() // SIGKILL
		err := cmd.Wait()
		killed := err != nil
		var same, old, new, temps int
		for path, b := range files {
			want := rewritten(t, rewrite.Options{To: rewrite.FormURI}, b)
			got, err := os.ReadFile(path)
			switch {
			case err != nil:
				t.Errorf("after a kill at %v: %v", delay, err)
			case want == b:
				same++
			case string(got) == b:
				old++
				if orig, err := os.ReadFile(path + ".orig"); err == nil && string(orig) != b {
					t.Errorf("after a kill at %v: %s.orig is not the original", delay, path)
				}
			case string(got) == want:
				new++
				if orig, err := os.ReadFile(path + ".orig"); backup && string(orig) != b {
					t.Errorf("after a kill at %v: %s rewritten, but its backup is not the original (%v)", delay, path, err)
				}
			default:
				t.Errorf("after a kill at %v: %s is neither old nor new:\n%s", delay, path, got)
			}
		}
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && isRewriteTemp(d.Name()) {
				temps++
			}
			return nil
		})
		t.Logf("backup %v, killed after %v (killed: %v, %v): %d files old, %d rewritten, %d with nothing to rewrite; %d temporary files left",
			backup, delay, killed, time.Since(start).Round(time.Millisecond), old, new, same, temps)

		if i < len(delays)-1 {
			continue
		}
		// Completing the job: every file rewritten, the temporary files
		// left alone and reported.
		start = time.Now()
		got := runString([]string{"rewrite", "-w", "-r", "--to", "uri", dir}, "")
		if got.code != exitOK {
			t.Fatalf("rerun: exit %d: %s", got.code, got.stderr)
		}
		t.Logf("rerun: %v", time.Since(start).Round(time.Millisecond))
		if n := strings.Count(got.stderr, "temporary file of an interrupted rewrite"); n != temps {
			t.Errorf("rerun reported %d temporary files, want %d", n, temps)
		}
		for path, b := range files {
			want := rewritten(t, rewrite.Options{To: rewrite.FormURI}, b)
			if got, _ := os.ReadFile(path); string(got) != want {
				t.Errorf("after the rerun, %s is not rewritten", path)
			}
		}
	}
}

// TestRewriteNoProgressBar checks that a standard error that is a file,
// not a terminal, gets the summary line and no progress bar.
func TestRewriteNoProgressBar(t *testing.T) {
	dir := t.TempDir()
	genSite(t, dir, 20)
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stdout bytes.Buffer
	if code := run([]string{"rewrite", "--to", "uri", "-r", "-w", dir}, strings.NewReader(""), &stdout, f); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	b, _ := os.ReadFile(f.Name())
	if !strings.HasPrefix(string(b), "relink rewrite: 20 files scanned, 18 changed, 1080 links rewritten, 0 skipped, 0 errors, ") ||
		strings.Count(string(b), "\n") != 1 || bytes.ContainsAny(b, "\r\x1b") {
		t.Errorf("stderr %q, want the summary line alone", b)
	}
}

func TestIsRewriteTemp(t *testing.T) {
	for name, want := range map[string]bool{
		".index.html.relink-123456": true,
		".a.relink-1":               true,
		"index.html.relink-123":     false,
		".index.html.relink-":       false,
		".index.relink-notes.html":  false,
		".relink-123":               false,
	} {
		if got := isRewriteTemp(name); got != want {
			t.Errorf("isRewriteTemp(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestRewriteLargeFile rewrites in place, and diffs, a file larger than
// the buffers.
func TestRewriteLargeFile(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("<meta charset=utf-8>\n")
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "<p><a href=\"/ページ/%d\">%d</a>\n", i, i)
		if i%1000 == 0 {
			b.WriteString("<p>no link here\n")
		}
	}
	path := filepath.Join(dir, "big.html")
	write(t, path, b.String())
	want := rewritten(t, rewrite.Options{To: rewrite.FormURI}, b.String())
	got := runString([]string{"rewrite", "--to", "uri", "--diff", "-w", path}, "")
	if got.code != exitOK {
		t.Fatalf("exit %d: %s", got.code, got.stderr)
	}
	if n := strings.Count(got.stdout, "\n+<p><a href=\"/%E3%83%9A%E3%83%BC%E3%82%B8/"); n != strings.Count(want, "<p><a href") {
		t.Errorf("the diff adds %d rewritten lines, want %d", n, strings.Count(want, "<p><a href"))
	}
	if c, _ := os.ReadFile(path); string(c) != want {
		t.Errorf("the file is not what rewrite.NewHTML gives")
	}
	// Again from the original, without --diff: the streaming path.
	write(t, path, b.String())
	if got := runString([]string{"rewrite", "--to", "uri", "-w", path}, ""); got.code != exitOK {
		t.Fatalf("exit %d: %s", got.code, got.stderr)
	}
	if c, _ := os.ReadFile(path); string(c) != want {
		t.Errorf("the file is not what rewrite.NewHTML gives")
	}
}

// jobsTree returns the tree the -j measurements rewrite: the directory of
// the HTML corpus (internal/testcorpus) when RELINK_CORPUS names it, else
// 400 generated files; and the size in bytes of the files rewrite -r
// takes in it (its --type auto).
func jobsTree(tb testing.TB) (dir string, size int64) {
	if dir = testcorpus.HTML.Dir(); dir != "" {
		testcorpus.HTML.Files(tb) // an unreadable or empty directory fails
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && extract.TypeByName(p) != 0 {
				if info, err := d.Info(); err == nil {
					size += info.Size()
				}
			}
			return nil
		})
		return dir, size
	}
	dir = tb.TempDir()
	for _, f := range genSite(tb, dir, 400) {
		size += int64(len(f))
	}
	return dir, size
}

// BenchmarkRewriteJobs measures relink rewrite -n on a tree (see jobsTree)
// with one worker and with two.
func BenchmarkRewriteJobs(b *testing.B) {
	dir, size := jobsTree(b)
	for _, j := range []string{"1", "2"} {
		b.Run("j"+j, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				if got := runString([]string{"rewrite", "--to", "uri", "-n", "-r", "-j", j, dir}, ""); got.code != exitOK {
					b.Fatal(got.stderr)
				}
			}
		})
	}
}

// TestRewriteTreeReuse checks that the worker of rewrite -r, which reuses
// one HTML rewriter and one read buffer from file to file, carries nothing
// over: over copies of the testdata trees (pages in many legacy charsets,
// declared and guessed, real documents, plain text), rewrite -r -w -j 1
// (every file through one worker) writes each file as rewriting it alone
// writes it to standard output, and reports the same warnings.
func TestRewriteTreeReuse(t *testing.T) {
	for _, args := range [][]string{
		{"--to", "uri", "--resolve", "absolute"},
		{"--to", "iri", "--text-links"},
		{"--resolve", "relative", "--map", "https://example.org/extract/=https://example.net/x/"},
	} {
		name := strings.Join(args, " ")
		tmp := t.TempDir()
		for _, dir := range []string{"extract", "unlabeled", "site", "rewrite"} {
			copyTree(t, filepath.Join("..", "..", "testdata", dir), filepath.Join(tmp, dir))
		}
		before := readTree(t, tmp)
		tree := runString(append([]string{"rewrite", "-r", "-w", "-j", "1", "--base", "https://example.org/"}, append(args, tmp)...), "")
		if tree.code != 0 {
			t.Fatalf("%s: exit status %d, stderr %q", name, tree.code, tree.stderr)
		}
		after := readTree(t, tmp)
		changed := 0
		for rel, old := range before {
			if extract.TypeByName(rel) == 0 {
				continue
			}
			path := filepath.Join(tmp, filepath.FromSlash(rel))
			if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			one := runString(append([]string{"rewrite", "--base", "https://example.org/" + rel}, append(args, path)...), "")
			if one.code != 0 {
				t.Fatalf("%s: %s alone: exit status %d, stderr %q", name, rel, one.code, one.stderr)
			}
			if one.stdout != after[rel] {
				t.Errorf("%s: the tree writes %s as\n%q\nrewritten alone it is\n%q", name, rel, after[rel], one.stdout)
			}
			if one.stdout != old {
				changed++
			}
			for line := range strings.Lines(one.stderr) {
				if strings.Contains(line, "warning") && !strings.Contains(tree.stderr, line) {
					t.Errorf("%s: rewritten alone, %s warns\n%s\nwhich the tree does not", name, rel, line)
				}
			}
		}
		if changed < 10 {
			t.Errorf("%s: %d files changed, want 10 or more", name, changed)
		}
	}
}
