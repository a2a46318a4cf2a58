package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOversizeWarnings checks that extract and rewrite give one warning
// for each oversize construct, at FILE:LINE:COL, with its offset, the same
// way.
func TestOversizeWarnings(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "big.html")
	doc := "<p>a</p>\n<p title=\"" + strings.Repeat("x", 3<<20) + "\">\n<a href=\"D%C3%BCrst\">x</a><!--" + strings.Repeat("y", 2<<20) + "-->"
	if err := os.WriteFile(page, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	second := strings.Index(doc, "<!--")
	// The comment starts on line 3, after "<a href=\"D%C3%BCrst\">x</a>".
	col3 := second - strings.LastIndex(doc[:second], "\n")
	warning := func(cmd string, file string, line, col int, construct string, off int) string {
		s := "relink " + cmd + ": " + file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": warning: oversize " + construct + " at offset " + strconv.Itoa(off) + " (limit 1048576 bytes): "
		if cmd == "rewrite" {
			return s + "passed through unexamined, its links left as written\n"
		}
		return s + "passed over unexamined, its links not reported\n"
	}
	got := runString([]string{"extract", "--format", "uri", page}, "")
	if want := warning("extract", page, 2, 1, "tag", 9) + warning("extract", page, 3, col3, "comment", second) +
		"relink extract: 1 file, 1 link, 0 invalid, 2 oversize constructs\n"; got.stderr != want || got.stdout != "D%C3%BCrst\n" {
		t.Errorf("extract: stdout %q, stderr\n%s\nwant\n%s", got.stdout, got.stderr, want)
	}
	got = runString([]string{"rewrite", "-n", "--to", "iri", page}, "")
	if want := warning("rewrite", page, 2, 1, "tag", 9) + warning("rewrite", page, 3, col3, "comment", second); !strings.HasPrefix(got.stderr, want) {
		t.Errorf("rewrite -n: stderr\n%s\nwant it to start with\n%s", got.stderr, want)
	}
	got = runString([]string{"rewrite", "--to", "iri"}, doc)
	// No charset is declared: windows-1252, guessed, which could write ü
	// only in a charset the reader might not use: the link is left as
	// written (issue 18), with a warning.
	wantOut := doc
	if want := warning("rewrite", "-", 2, 1, "tag", 9) + warning("rewrite", "-", 3, col3, "comment", second) +
		"relink rewrite: -: warning: charset guessed as windows-1252 (nothing declares it): 1 link left as written, since what they would become depends on the guess (only ASCII is written); give --charset to rewrite them\n"; got.stderr != want || got.stdout != wantOut {
		t.Errorf("rewrite from standard input: stderr\n%s\nwant\n%s", got.stderr, want)
	}
	for _, args := range [][]string{{"extract", "-q", page}, {"rewrite", "-q", "-n", page}} {
		if got := runString(args, ""); strings.Contains(got.stderr, "warning") {
			t.Errorf("%q: stderr %q", args, got.stderr)
		}
	}
}

// TestExtractSkipsBinaries checks that extract skips a binary file with a
// warning, as rewrite does.
func TestExtractSkipsBinaries(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "b.txt")
	u16 := filepath.Join(dir, "u.txt")
	os.WriteFile(bin, []byte("a\x00b http://bin.example/"), 0o644)
	os.WriteFile(u16, []byte("\xFF\xFEh\x00t\x00t\x00p\x00:\x00/\x00/\x00u\x00/\x00"), 0o644)
	got := runString([]string{"extract", "--format", "uri", bin, u16}, "")
	if got.code != 0 || got.stdout != "http://u/\n" || got.stderr != "relink extract: "+bin+": warning: binary, skipped\n" {
		t.Errorf("extract: status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	if got := runString([]string{"extract", "-q", bin}, ""); got.stderr != "" {
		t.Errorf("extract -q: stderr %q", got.stderr)
	}
}

// TestWARCOversizeWarnings checks that relink warc gives one warning for
// each oversize construct of a page, with the record's offset and the
// construct's, --wat too, and a summary line that counts them.
func TestWARCOversizeWarnings(t *testing.T) {
	body := "<p>\n<p title=\"" + strings.Repeat("x", 2<<20) + "\">\n<a href=b.html>b</a>"
	rec := htmlResponse("http://example.com/a/", body)
	file := filepath.Join(t.TempDir(), "big.warc")
	if err := os.WriteFile(file, []byte(rec+rec), 0o644); err != nil {
		t.Fatal(err)
	}
	warning := func(recOff int) string {
		return "relink warc: " + file + ": offset " + strconv.Itoa(recOff) +
			": warning: oversize tag at offset 4 (limit 1048576 bytes): passed over unexamined, its links not reported\n"
	}
	summary := "relink warc: 1 file, 2 pages, 2 links, 0 invalid, 2 oversize constructs\n"
	got := runString([]string{"warc", file}, "")
	if want := warning(0) + warning(len(rec)) + summary; got.code != 0 || got.stderr != want || strings.Count(got.stdout, "\n") != 2 {
		t.Errorf("warc: status %d, stdout %q, stderr\n%s\nwant\n%s", got.code, got.stdout, got.stderr, want)
	}
	if got, want := runString([]string{"warc", "--wat=jsonl", file}, ""), warning(0)+warning(len(rec))+summary; got.code != 0 || got.stderr != want {
		t.Errorf("warc --wat: status %d, stderr\n%s\nwant\n%s", got.code, got.stderr, want)
	}
	if got := runString([]string{"warc", "-q", file}, ""); got.code != 0 || got.stderr != "" {
		t.Errorf("warc -q: status %d, stderr %q", got.code, got.stderr)
	}
}
