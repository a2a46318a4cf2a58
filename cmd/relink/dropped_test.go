package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// droppedFixtures writes documents that hold a link of each kind that an
// output may lack: a link the URL Standard's parser rejects, a candidate
// for a text link longer than textlink.MaxLen, and a tag longer than
// 1 MiB. It returns the HTML page and the text file.
func droppedFixtures(t *testing.T) (page, text string) {
	dir := t.TempDir()
	long := "https://example.org/" + strings.Repeat("a", 9000)
	page = filepath.Join(dir, "a.html")
	text = filepath.Join(dir, "b.txt")
	if err := os.WriteFile(page, []byte(`<a href="ok">x</a><img src="http://[bad/">`+"\n<p title=\""+strings.Repeat("x", 1<<20+10)+"\">"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(text, []byte("see https://example.org/ok and http://a\u200db.example/\nand "+long+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return page, text
}

// TestDroppedExtract checks that relink extract counts what its output
// lacks and says so: a warning for each construct passed over, a summary
// line that counts them and the invalid links left out (without -v, only
// when the output lacks a link), a line for each file with -v, nothing
// with -q.
func TestDroppedExtract(t *testing.T) {
	page, text := droppedFixtures(t)
	warns := "relink extract: " + page + ":2:1: warning: oversize tag at offset 43 (limit 1048576 bytes): passed over unexamined, its links not reported\n" +
		"relink extract: " + text + ":2:5: warning: oversize text link at offset 57 (limit 8192 bytes): dropped, not cut\n"
	for _, tt := range []struct {
		args   []string
		errOut string
	}{
		{[]string{"--format", "uri"}, warns +
			"relink extract: 2 files, 4 links, 2 invalid (left out of --format uri), 1 oversize text link, 1 oversize construct\n"},
		{[]string{"--format", "value"}, warns +
			"relink extract: 2 files, 4 links, 2 invalid, 1 oversize text link, 1 oversize construct\n"},
		{[]string{"-v", "--format", "jsonl"}, "relink extract: " + page + ":2:1: warning: oversize tag at offset 43 (limit 1048576 bytes): passed over unexamined, its links not reported\n" +
			"relink extract: " + page + ": html, 2 links, windows-1252 (default), 1 invalid, 1 oversize construct\n" +
			"relink extract: " + text + ":2:5: warning: oversize text link at offset 57 (limit 8192 bytes): dropped, not cut\n" +
			"relink extract: " + text + ": text, 2 links, utf-8 (detected), 1 invalid, 1 oversize text link\n" +
			"relink extract: 2 files, 4 links, 2 invalid, 1 oversize text link, 1 oversize construct\n"},
		{[]string{"-q", "--format", "uri"}, ""},
	} {
		got := runString(append(append([]string{"extract"}, tt.args...), page, text), "")
		if got.code != 0 || got.stderr != tt.errOut {
			t.Errorf("%q: exit status %d, stderr\n%s\nwant\n%s", tt.args, got.code, got.stderr, tt.errOut)
		}
	}
	// Nothing lacking: no summary without -v.
	got := runString([]string{"extract", "--format", "uri"}, `<a href="ok">x</a><img src="http://[bad/">`)
	if got.stderr != "relink extract: 1 file, 2 links, 1 invalid (left out of --format uri)\n" {
		t.Errorf("an invalid link: stderr %q", got.stderr)
	}
	if got := runString([]string{"extract"}, `<a href="ok">x</a><img src="http://[bad/">`); got.stderr != "" {
		t.Errorf("jsonl, which gives the invalid link: stderr %q", got.stderr)
	}
}

// TestDroppedRewrite checks that relink rewrite counts the links it
// leaves as written, the invalid ones among them, and the constructs it
// passes over, in its summary line and, with -v, for each file, with the
// place of each invalid link (issue 18 item 10).
func TestDroppedRewrite(t *testing.T) {
	page, text := droppedFixtures(t)
	got := runString([]string{"rewrite", "-n", "-v", "--to", "iri", "--resolve", "absolute", "--base", "http://example.com/", page, text}, "")
	for _, want := range []string{
		"relink rewrite: " + page + ":2:1: warning: oversize tag at offset 43 (limit 1048576 bytes): passed through unexamined, its links left as written\n",
		"relink rewrite: " + text + ":2:5: warning: oversize text link at offset 57 (limit 8192 bytes): dropped, not cut, and left as written\n",
		"relink rewrite: " + page + ":1:29: invalid link \"http://[bad/\" (left as written): unclosed IPv6 address \"[bad\"\n",
		"relink rewrite: " + text + ":1:32: invalid link \"http://a\\u200db.example/\" (left as written): invalid domain \"a‍b.example\": idna: invalid label \"a\\u200db\"\n",
		"relink rewrite: " + page + ": 2 links, 1 rewritten, 1 left as written (1 invalid link), 1 oversize construct\n",
		"relink rewrite: " + text + ": 2 links, 0 rewritten, 1 left as written (1 invalid link), 1 oversize text link\n",
		"relink rewrite: 2 files scanned, 1 to change, 1 link rewritten, 2 left as written (2 invalid links), 1 oversize text link, 1 oversize construct, 0 skipped, 0 errors",
	} {
		if !strings.Contains(got.stderr, want) {
			t.Errorf("rewrite -v: stderr\n%s\nlacks\n%s", got.stderr, want)
		}
	}
	got = runString([]string{"rewrite", "-n", "--to", "iri", page, text}, "")
	if want := "relink rewrite: 2 files scanned, 0 to change, 0 links rewritten, 2 left as written (2 invalid links), 1 oversize text link, 1 oversize construct, 0 skipped, 0 errors"; !strings.Contains(got.stderr, want) || strings.Contains(got.stderr, ": 2 links") {
		t.Errorf("rewrite: stderr\n%s\nwant the summary\n%s\nand no line per file", got.stderr, want)
	}
	if got := runString([]string{"rewrite", "-q", "-n", page, text}, ""); got.stderr != "" {
		t.Errorf("rewrite -q: stderr %q", got.stderr)
	}
}

// TestDroppedLinkify checks that relink linkify counts the links it
// leaves as text: invalid ones, and oversize candidates.
func TestDroppedLinkify(t *testing.T) {
	_, text := droppedFixtures(t)
	summary := "relink linkify: 1 file, 2 links, 1 invalid (left as text), 1 oversize text link\n"
	for _, tt := range []struct {
		args   []string
		stdin  string
		errOut string
	}{
		{[]string{text}, "", summary},
		{[]string{"-v", text}, "", "relink linkify: " + text + ": 2 links, 1 invalid (left as text), 1 oversize text link\n" + summary},
		{[]string{"-q", text}, "", ""},
		{nil, "see https://example.org/", ""},
		{[]string{"-v"}, "see https://example.org/", "relink linkify: -: 1 link, 0 invalid\nrelink linkify: 1 file, 1 link, 0 invalid\n"},
	} {
		got := runString(append([]string{"linkify"}, tt.args...), tt.stdin)
		if got.code != 0 || got.stderr != tt.errOut {
			t.Errorf("%q: exit status %d, stderr\n%s\nwant\n%s", tt.args, got.code, got.stderr, tt.errOut)
		}
	}
	if got := runString([]string{"linkify", "-q", "-v"}, ""); got.code != exitUsage {
		t.Errorf("linkify -q -v: exit status %d, want %d", got.code, exitUsage)
	}
}

// TestPlaceholderRewrite is issue 18 item 6: relink rewrite leaves a
// link in text that holds a placeholder as written and says so, for the
// file with -v and in its summary line.
func TestPlaceholderRewrite(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(f, []byte("see https://example.com/{name}/x, https://例え.jp/$VERSION/y and https://例え.jp/a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runString([]string{"rewrite", "-n", "-v", "--to", "uri", f}, "")
	for _, want := range []string{
		"relink rewrite: " + f + ": 3 links, 1 rewritten, 2 left as written (2 holding a placeholder)\n",
		"relink rewrite: 1 file scanned, 1 to change, 1 link rewritten, 2 left as written (2 holding a placeholder), 0 skipped, 0 errors",
	} {
		if !strings.Contains(got.stderr, want) {
			t.Errorf("stderr %q\nwant it to hold %q", got.stderr, want)
		}
	}
}
