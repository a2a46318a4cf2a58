package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestLinkify(t *testing.T) {
	for _, tt := range []struct {
		args        []string
		stdin, want string
		code        int
	}{
		{[]string{"linkify"}, "see example.com & <b>\n",
			"see <a href=\"http://example.com/\" rel=\"nofollow noopener\">example.com</a> &amp; &lt;b&gt;<br>\n", exitOK},
		{[]string{"linkify"}, "Hi,\r\n\r\n  see example.com\r\n",
			"Hi,<br>\r\n<br>\r\n&nbsp;&nbsp;see <a href=\"http://example.com/\" rel=\"nofollow noopener\">example.com</a><br>\r\n", exitOK},
		{[]string{"linkify", "--layout", "pre"}, "Hi,\n\tx  y\n",
			"<pre style=\"white-space: pre-wrap\">\nHi,\n\tx  y\n</pre>", exitOK},
		{[]string{"linkify", "--layout", "none"}, "Hi,\n\tx  y\n", "Hi,\n\tx  y\n", exitOK},
		{[]string{"linkify", "--layout", "p"}, "", "", exitUsage},
		{[]string{"linkify", "--rel", "", "--target", "_blank"}, "joe@example.org",
			`<a href="mailto:joe@example.org" target="_blank">joe@example.org</a>`, exitOK},
		{[]string{"linkify", "--rel", "ugc"}, `http://a.com/"onmouseover=x javascript:alert(1)`,
			`<a href="http://a.com/%22onmouseover=x" rel="ugc">http://a.com/&#34;onmouseover=x</a> javascript:alert(1)`, exitOK},
		{[]string{"linkify", "--format", "markdown"}, "[x](javascript:y) https://例え.テスト/",
			`\[x\](javascript:y) [https://例え.テスト/](<https://xn--r8jz45g.xn--zckzah/>)`, exitOK},
		{[]string{"linkify", "--charset", "shift_jis"}, "\x83e\x83X\x83g http://example.com/\x8e\x9a",
			`テスト <a href="http://example.com/%E5%AD%97" rel="nofollow noopener">http://example.com/字</a>`, exitOK},
		{[]string{"linkify", "--charset", "windows-1252"}, "\xef\xbb\xbfcaf\xc3\xa9.fr", // the BOM wins
			`<a href="http://xn--caf-dma.fr/" rel="nofollow noopener">café.fr</a>`, exitOK},
		{[]string{"linkify"}, "\xff\xfee\x00x\x00.\x00o\x00r\x00g\x00", // UTF-16LE with a BOM
			`<a href="http://ex.org/" rel="nofollow noopener">ex.org</a>`, exitOK},
		{[]string{"linkify", "--format", "rss"}, "", "", exitUsage},
		{[]string{"linkify", "--charset", "klingon"}, "", "", exitUsage},
		{[]string{"linkify", "testdata/no-such-file"}, "", "", exitFail},
	} {
		got := runString(tt.args, tt.stdin)
		if got.code != tt.code || got.stdout != tt.want {
			t.Errorf("%q < %q: exit %d, stdout\n%s\nwant exit %d,\n%s\nstderr: %s", tt.args, tt.stdin, got.code, got.stdout, tt.code, tt.want, got.stderr)
		}
	}
}

// TestLinkifyFiles linkifies the example notes: the KOI8-R note gives the
// same output as its UTF-8 copy, and every output parses as HTML with
// text and a elements only.
func TestLinkifyFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "mail")
	koi := runString([]string{"linkify", "--charset", "koi8-r", filepath.Join(dir, "note-koi8-r.txt")}, "")
	utf := runString([]string{"linkify", filepath.Join(dir, "note-utf-8.txt")}, "")
	if koi.code != exitOK || utf.code != exitOK || koi.stdout != utf.stdout {
		t.Errorf("KOI8-R and UTF-8 notes differ:\n%s\n%s%s%s", koi.stdout, utf.stdout, koi.stderr, utf.stderr)
	}
	in, err := os.ReadFile(filepath.Join(dir, "note.txt"))
	if err != nil {
		t.Fatal(err)
	}
	both := runString([]string{"linkify", filepath.Join(dir, "note.txt"), filepath.Join(dir, "note-utf-8.txt")}, "")
	if both.code != exitOK || !strings.HasSuffix(both.stdout, utf.stdout) {
		t.Errorf("two files: exit %d, %s", both.code, both.stderr)
	}
	out := runString([]string{"linkify"}, string(in)).stdout
	z := html.NewTokenizer(strings.NewReader(out))
	links := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt == html.TextToken {
			continue
		}
		name, _ := z.TagName()
		if string(name) == "br" && tt == html.StartTagToken {
			continue
		}
		if string(name) != "a" || (tt != html.StartTagToken && tt != html.EndTagToken) {
			t.Fatalf("token %s in %s", z.Token(), out)
		}
		if tt == html.StartTagToken {
			links++
		}
	}
	if links != 4 || !strings.Contains(out, `dir="ltr"`) {
		t.Errorf("%d links in %s", links, out)
	}
}

// TestLinkifyLarge streams a text larger than what the Linkify holds.
func TestLinkifyLarge(t *testing.T) {
	line := "line with example.com/x and <tags> & joe@example.org\n"
	in := strings.Repeat(line, 20000)
	got := runString([]string{"linkify", "--format", "markdown"}, in)
	want := strings.Repeat("line with [example.com/x](<http://example.com/x>) and \\<tags\\> \\& [joe@example.org](<mailto:joe@example.org>)\n", 20000)
	if got.code != exitOK || got.stdout != want {
		t.Errorf("exit %d, %d bytes, want %d: %s", got.code, len(got.stdout), len(want), got.stderr)
	}
}

// TestLinkifyHTML checks relink linkify on HTML (issue 23): --type html
// and HTML found by content or by name, --skip, --strict and --max-text,
// and that linkifying the output again changes nothing.
func TestLinkifyHTML(t *testing.T) {
	const rel = ` rel="nofollow noopener"`
	dir := t.TempDir()
	page := filepath.Join(dir, "post.html")
	if err := os.WriteFile(page, []byte("see x.io <code>y.io</code>"), 0o644); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("<p>x.io"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args        []string
		stdin, want string
		code        int
	}{
		{[]string{"linkify", "--type", "html"}, `<p title="a.io">see x.io/?a=1&amp;b=2 <a href="/">y.io</a> <pre>z.io</pre></p>`,
			`<p title="a.io">see <a href="http://x.io/?a=1&amp;b=2"` + rel + `>x.io/?a=1&amp;b=2</a> <a href="/">y.io</a> <pre>z.io</pre></p>`, exitOK},
		// Found by its content, and by its name.
		{[]string{"linkify"}, "<!DOCTYPE html><p>x.io & y", `<!DOCTYPE html><p><a href="http://x.io/"` + rel + `>x.io</a> & y`, exitOK},
		{[]string{"linkify", page}, "", `see <a href="http://x.io/"` + rel + `>x.io</a> <code>y.io</code>`, exitOK},
		{[]string{"linkify", notes}, "", `&lt;p&gt;<a href="http://x.io/"` + rel + `>x.io</a>`, exitOK},
		{[]string{"linkify", "--type", "text"}, "<p>x.io", `&lt;p&gt;<a href="http://x.io/"` + rel + `>x.io</a>`, exitOK},
		{[]string{"linkify", "--type", "html", "--skip", "kbd, PRE"}, "<code>x.io</code><pre>y.io</pre><kbd>z.io</kbd>",
			`<code><a href="http://x.io/"` + rel + `>x.io</a></code><pre>y.io</pre><kbd>z.io</kbd>`, exitOK},
		{[]string{"linkify", "--type", "html", "--skip", ""}, "<a>x.io</a><pre>y.io</pre>",
			`<a>x.io</a><pre><a href="http://y.io/"` + rel + `>y.io</a></pre>`, exitOK},
		{[]string{"linkify", "--type", "html", "--strict"}, "README.md setup.py https://x.io/ a@b.io",
			`README.md setup.py <a href="https://x.io/"` + rel + `>https://x.io/</a> <a href="mailto:a@b.io"` + rel + `>a@b.io</a>`, exitOK},
		{[]string{"linkify", "--strict"}, "README.md https://x.io/",
			`README.md <a href="https://x.io/"` + rel + `>https://x.io/</a>`, exitOK},
		{[]string{"linkify", "--type", "html", "--max-text", "12"}, `<meta charset="utf-8">https://x.io/abcdefghij`,
			`<meta charset="utf-8"><a href="https://x.io/abcdefghij" title="https://x.io/abcdefghij"` + rel + `>https:…fghij</a>`, exitOK},
		{[]string{"linkify", "--max-text", "12", "--layout", "none"}, "https://x.io/abcdefghij",
			`<a href="https://x.io/abcdefghij" title="https://x.io/abcdefghij"` + rel + `>https:…fghij</a>`, exitOK},
		{[]string{"linkify", "--max-text", "-1"}, "", "", exitUsage},
		{[]string{"linkify", "--type", "xml"}, "", "", exitUsage},
	} {
		got := runString(tt.args, tt.stdin)
		if got.code != tt.code || got.stdout != tt.want {
			t.Errorf("%q < %q: exit %d, stdout\n%s\nwant exit %d,\n%s\nstderr: %s", tt.args, tt.stdin, got.code, got.stdout, tt.code, tt.want, got.stderr)
		}
		if tt.code == exitOK && slices.Contains(tt.args, "html") {
			if again := runString(tt.args, got.stdout); again.stdout != got.stdout {
				t.Errorf("%q: linkified again:\n%s\nwant\n%s", tt.args, again.stdout, got.stdout)
			}
		}
	}
}
