package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMailCommands runs extract, linkify and rewrite on a mail message
// (issue 18, item 8): extract reports the links of its decoded parts and
// none of its header addresses, linkify writes its text parts, rewrite
// refuses it.
func TestMailCommands(t *testing.T) {
	eml := filepath.Join("..", "..", "testdata", "mail", "bug-report.eml")
	msg, err := os.ReadFile(eml)
	if err != nil {
		t.Fatal(err)
	}
	wantURIs := strings.Join([]string{
		"https://lists.example.org/unsubscribe?u=42",
		"mailto:leave@lists.example.org",
		"https://lists.example.org/archive/",
		"https://bugs.example.org/show_bug.cgi?id=12345&product=Core&component=Networking",
		"https://xn--bcher-kva.example/katalog?q=fu%C3%9Fball",
		"mailto:support@example.org",
		"https://bugs.example.org/show_bug.cgi?id=12345&product=Core&component=Networking",
		"https://cdn.example.org/logo.png",
		"https://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4",
		"http://xn--e1afmkfd.xn--p1ai/",
		"https://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99",
		"https://forwarded.example.com/path",
	}, "\n") + "\n"
	for _, args := range [][]string{
		{"extract", "--format", "uri", eml},
		{"extract", "--format", "uri", "-"},                   // sniffed
		{"extract", "--format", "uri", "--type", "mail", "-"}, // named
	} {
		if got := runString(args, string(msg)); got.code != exitOK || got.stdout != wantURIs {
			t.Errorf("%q: exit %d\n%s\nwant\n%s%s", args, got.code, got.stdout, wantURIs, got.stderr)
		}
	}
	got := runString([]string{"extract", "--format", "tsv", eml}, "")
	if want := eml + "\t26\t710\t\t\thttps://bugs.example.org/show_bug.cgi?id=12345&product=Core&component=Networking"; !strings.Contains(got.stdout, want) {
		t.Errorf("tsv: %s, want a line with %s", got.stdout, want)
	}
	if strings.Contains(got.stdout, "abc@example.com") || strings.Contains(got.stdout, "joe@example.com") {
		t.Errorf("a header address or Message-ID reported: %s", got.stdout)
	}
	got = runString([]string{"extract", "--type", "mail", "-"}, "Hello,\nhttps://a.example/\n")
	if got.code != exitFail || !strings.Contains(got.stderr, `-: extract: mail message, line 1 (offset 0): header line "Hello," is not a field`) {
		t.Errorf("not a message: exit %d, stderr %q", got.code, got.stderr)
	}

	got = runString([]string{"linkify", eml}, "")
	if got.code != exitOK || !strings.HasPrefix(got.stdout, "Hi Anna,<br>\r\n<br>\r\nthe bug is <a href=\"https://bugs.example.org/show_bug.cgi?id=12345&amp;product=Core&amp;component=Networking\"") ||
		strings.Count(got.stdout, "<a ") != 7 || strings.Contains(got.stdout, "abc@example.com") || strings.Count(got.stdout, "<hr>") != 3 {
		t.Errorf("linkify: exit %d, %s%s", got.code, got.stdout, got.stderr)
	}
	if txt := runString([]string{"linkify", "--type", "text", eml}, ""); !strings.Contains(txt.stdout, "abc@example.com") {
		t.Errorf("linkify --type text: the header is text: %s", txt.stdout)
	}

	got = runString([]string{"rewrite", eml}, "")
	if got.code != exitFail || !strings.Contains(got.stderr, "mail messages (.eml) are not rewritten") || got.stdout != "" {
		t.Errorf("rewrite FILE.eml: exit %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	got = runString([]string{"rewrite", "-"}, string(msg))
	if got.code != exitFail || !strings.Contains(got.stderr, "use --type text") || got.stdout != "" {
		t.Errorf("rewrite - (a message): exit %d, stdout %q, stderr %q", got.code, got.stdout, got.stderr)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "m.eml"), msg, 0o644); err != nil {
		t.Fatal(err)
	}
	got = runString([]string{"rewrite", "-r", "-w", dir}, "")
	if after, _ := os.ReadFile(filepath.Join(dir, "m.eml")); got.code != exitOK || !strings.Contains(got.stderr, "mail message, skipped") || string(after) != string(msg) {
		t.Errorf("rewrite -r -w DIR: exit %d, stderr %q", got.code, got.stderr)
	}
}
