package testcorpus_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/testcorpus"
)

// tree makes a corpus directory as build-corpus.sh lays it out, with a
// few files that are not of it, and returns its path.
func tree(tb testing.TB) string {
	dir := tb.TempDir()
	for _, f := range []string{
		"html/usr/share/doc/a/index.html",
		"html/usr/share/doc/a/style.css",
		"html/usr/share/doc/ja/b.html",
		"legacy/shift_jis/usr/share/doc/ja/b.html",
		"legacy/euc-jp/usr/share/doc/ja/b.html",
		"legacy/not-a-charset/c.html",
		"markdown/api/fs.md",
	} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// Walk finds the files of a corpus, and the charset of each page of the
// legacy-charset tree.
func ExampleCorpus_Walk() {
	dir, _ := os.MkdirTemp("", "corpus")
	defer os.RemoveAll(dir)
	for _, f := range []string{"html/doc/ru/a.html", "legacy/koi8-r/doc/ru/a.html", "html/doc/ru/a.css"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755)
		os.WriteFile(filepath.Join(dir, f), []byte("<p>"), 0o644)
	}
	files, err := testcorpus.HTML.Walk(dir)
	if err != nil {
		fmt.Println(err)
	}
	for _, f := range files {
		fmt.Printf("%s %q %d\n", f.Rel, f.Charset, f.Size)
	}
	// Output:
	// html/doc/ru/a.html "" 3
	// legacy/koi8-r/doc/ru/a.html "koi8-r" 3
}

func TestWalk(t *testing.T) {
	dir := tree(t)
	var got []string
	files, err := testcorpus.HTML.Walk(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path != filepath.Join(dir, filepath.FromSlash(f.Rel)) || f.Size != int64(len(f.Rel)) {
			t.Errorf("%+v: path or size", f)
		}
		got = append(got, f.Rel+" "+f.Charset)
	}
	want := []string{
		"html/usr/share/doc/a/index.html ",
		"html/usr/share/doc/ja/b.html ",
		"legacy/euc-jp/usr/share/doc/ja/b.html euc-jp",
		"legacy/not-a-charset/c.html ",
		"legacy/shift_jis/usr/share/doc/ja/b.html shift_jis",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// A directory inside the corpus: the charset is still known.
	files, err = testcorpus.HTML.Walk(filepath.Join(dir, "legacy", "shift_jis"))
	if err != nil || len(files) != 1 || files[0].Rel != "usr/share/doc/ja/b.html" || files[0].Charset != "shift_jis" {
		t.Errorf("legacy/shift_jis: %+v, %v", files, err)
	}
	files, err = testcorpus.Markdown.Walk(dir)
	if err != nil || len(files) != 1 || files[0].Rel != "markdown/api/fs.md" || files[0].Charset != "" {
		t.Errorf("Markdown: %+v, %v", files, err)
	}
	// No file of the corpus, no directory: errors.
	if _, err := testcorpus.Markdown.Walk(filepath.Join(dir, "html")); err == nil || !strings.Contains(err.Error(), "no .md file below") {
		t.Errorf("html/ as a Markdown corpus: %v", err)
	}
	if _, err := testcorpus.HTML.Walk(filepath.Join(dir, "missing")); err == nil {
		t.Errorf("a missing directory: no error")
	}
}

// recorder is a testing.TB that keeps what Skipf and Fatalf say, and ends
// the goroutine as they do.
type recorder struct {
	testing.TB
	said string
}

func (r *recorder) Helper() {}

func (r *recorder) Skipf(format string, args ...any) {
	r.said = "skip: " + fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.said = "fatal: " + fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// files calls c.Files with a recorder and returns what it said.
func files(t *testing.T, c testcorpus.Corpus) (said string, n int) {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		n = len(c.Files(r))
	}()
	<-done
	return r.said, n
}

func TestFiles(t *testing.T) {
	dir := tree(t)
	c := testcorpus.Corpus{Env: "RELINK_TESTCORPUS_TEST", Ext: ".html", Build: "how to build it"}
	t.Setenv(c.Env, "")
	if said, _ := files(t, c); said != "skip: RELINK_TESTCORPUS_TEST not set: how to build it" {
		t.Errorf("unset: %q", said)
	}
	t.Setenv(c.Env, dir)
	if said, n := files(t, c); said != "" || n != 5 {
		t.Errorf("set: %q, %d files", said, n)
	}
	t.Setenv(c.Env, filepath.Join(dir, "markdown"))
	if said, _ := files(t, c); !strings.HasPrefix(said, "fatal: RELINK_TESTCORPUS_TEST="+filepath.Join(dir, "markdown")+": no .html file below") {
		t.Errorf("no page: %q", said)
	}
	for _, c := range []testcorpus.Corpus{testcorpus.HTML, testcorpus.Markdown} {
		if !strings.Contains(c.Build, "internal/testcorpus/build-corpus.sh") {
			t.Errorf("%s: the skip message does not say how to build the corpus: %q", c.Env, c.Build)
		}
	}
}

// TestBuildScript checks that the script the skip messages name is here,
// executable, and parses.
func TestBuildScript(t *testing.T) {
	info, err := os.Stat("build-corpus.sh")
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode()&0o111 == 0 {
		t.Errorf("build-corpus.sh is not executable: %v", info.Mode())
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to parse build-corpus.sh")
	}
	if out, err := exec.Command(bash, "-n", "build-corpus.sh").CombinedOutput(); err != nil {
		t.Errorf("bash -n build-corpus.sh: %v\n%s", err, out)
	}
}
