package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// pageIRI is page with its link as a URI: --to iri changes it back.
const pageIRI = "<a href=\"/%C3%A9\">é</a>\n"

// TestRewriteBackupKept runs rewrite -w --backup twice, the second run
// changing the file again: the backup of the first run, the true
// original, must be kept (issue 18, item 11: it was overwritten), and
// the file is then not written and reported.
func TestRewriteBackupKept(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.html")
	write(t, a, pageIRI)
	got := runString([]string{"rewrite", "-w", "--backup", ".orig", "--to", "iri", a}, "")
	if got.code != exitOK {
		t.Fatalf("first run: exit status %d\n%s", got.code, got.stderr)
	}
	if s, _ := os.ReadFile(a + ".orig"); string(s) != pageIRI {
		t.Fatalf("first run: backup %q, want the original", s)
	}
	first, _ := os.ReadFile(a)
	got = runString([]string{"rewrite", "-w", "--backup", ".orig", "--to", "uri", a}, "")
	want := "relink rewrite: " + a + ": " + "a.html.orig: its backup exists already (from an earlier run?): not written"
	if got.code != exitFail || !strings.Contains(got.stderr, want) || !strings.Contains(got.stderr, "0 changed, 0 links rewritten, 0 skipped, 1 error") {
		t.Errorf("second run: exit status %d, stderr:\n%s\nwant %q", got.code, got.stderr, want)
	}
	if s, _ := os.ReadFile(a + ".orig"); string(s) != pageIRI {
		t.Errorf("second run: backup %q, want the original %q", s, pageIRI)
	}
	if s, _ := os.ReadFile(a); string(s) != string(first) {
		t.Errorf("second run: file %q, want it as the first run left it, %q", s, first)
	}
	if tmp := temps(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left: %q", tmp)
	}
}

// TestRewriteReadOnlyFile rewrites a file of mode 0444: it is replaced
// and keeps its mode (issue 18, item 11: undocumented).
func TestRewriteReadOnlyFile(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("Unix modes")
	}
	dir := t.TempDir()
	a := filepath.Join(dir, "a.html")
	write(t, a, page)
	if err := os.Chmod(a, 0o444); err != nil {
		t.Fatal(err)
	}
	got := runString([]string{"rewrite", "-w", "--to", "uri", a}, "")
	if got.code != exitOK {
		t.Fatalf("exit status %d\n%s", got.code, got.stderr)
	}
	if s, _ := os.ReadFile(a); string(s) != pageIRI {
		t.Errorf("%q, want %q", s, pageIRI)
	}
	if info, err := os.Stat(a); err != nil || info.Mode().Perm() != 0o444 {
		t.Errorf("mode %v (%v), want -r--r--r--", info.Mode(), err)
	}
}

// TestRewriteTempError checks that a temporary file that cannot be
// created in a file's directory gives an error naming the directory and
// saying why (issue 18, item 11: it named the file): once with the
// creation made to fail, once with a read-only directory, which the
// superuser can write and so cannot test.
func TestRewriteTempError(t *testing.T) {
	t.Run("injected", func(t *testing.T) {
		dir := t.TempDir()
		sub := filepath.Join(dir, "sub")
		a := filepath.Join(sub, "a.html")
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, a, page)
		open := openTemp
		openTemp = func(dir *os.Root, tmp string) (*os.File, error) {
			return nil, &fs.PathError{Op: "openat", Path: tmp, Err: fs.ErrPermission}
		}
		defer func() { openTemp = open }()
		got := runString([]string{"rewrite", "-r", "-w", "--to", "uri", dir}, "")
		want := "relink rewrite: " + a + ": cannot create a temporary file in its directory " + sub + " (rewrite writes one there, then renames it over the file): permission denied\n"
		if got.code != exitFail || !strings.Contains(got.stderr, want) {
			t.Errorf("exit status %d, stderr:\n%s\nwant %q", got.code, got.stderr, want)
		}
	})
	t.Run("read-only directory", func(t *testing.T) {
		if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
			t.Skip("Unix modes")
		}
		if os.Geteuid() == 0 {
			t.Skip("the superuser writes in a read-only directory; the injected case covers the message")
		}
		dir := t.TempDir()
		a := filepath.Join(dir, "a.html")
		write(t, a, page)
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(dir, 0o755)
		got := runString([]string{"rewrite", "-w", "--to", "uri", a}, "")
		want := ": cannot create a temporary file in its directory " + dir + " (rewrite writes one there, then renames it over the file): permission denied\n"
		if got.code != exitFail || !strings.Contains(got.stderr, want) {
			t.Errorf("exit status %d, stderr:\n%s\nwant %q", got.code, got.stderr, want)
		}
	})
}

// TestLinkifyBinary checks that linkify skips a binary file with
// extract's warning, instead of writing it as garbage (issue 18, item
// 11), and goes on with the others.
func TestLinkifyBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "a.bin")
	txt := filepath.Join(dir, "b.txt")
	write(t, bin, "\x7fELF\x00\x01 https://example.org/ \x00")
	write(t, txt, "https://example.org/\n")
	got := runString([]string{"linkify", bin, txt}, "")
	want := runString([]string{"linkify", txt}, "").stdout // the text file's alone
	if !strings.Contains(want, `<a href="https://example.org/"`) {
		t.Fatalf("linkify %s: %q", txt, want)
	}
	if got.code != exitOK || got.stdout != want || !strings.Contains(got.stderr, "relink linkify: "+bin+": warning: binary, skipped\n") {
		t.Errorf("exit status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	x := runString([]string{"extract", bin}, "")
	if !strings.Contains(x.stderr, "relink extract: "+bin+": warning: binary, skipped\n") {
		t.Errorf("extract: %q", x.stderr)
	}
	// Standard input too; -q says nothing.
	got = runString([]string{"linkify", "-q"}, "a\x00b https://example.org/")
	if got.code != exitOK || got.stdout != "" || got.stderr != "" {
		t.Errorf("stdin -q: exit status %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	// A UTF-16 file, whose NUL bytes make no binary, is read: with a
	// byte order mark, or with --charset.
	for _, tt := range []struct {
		args []string
		in   string
	}{
		{[]string{"linkify", "-"}, "\xff\xfeh\x00i\x00"},
		{[]string{"linkify", "--charset", "utf-16le", "-"}, "h\x00i\x00"},
		{[]string{"linkify", "--charset", "utf-16be", "-"}, "\x00h\x00i"},
	} {
		got = runString(tt.args, tt.in)
		if got.code != exitOK || got.stdout != "hi" {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", tt.args, got.code, got.stdout, got.stderr)
		}
	}
}
