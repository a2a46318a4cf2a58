package weburl

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/pct"
)

// TestFileURL checks the URL of files of a tree, and that the parser
// reads it as the file's path: each segment decodes to the file name's.
func TestFileURL(t *testing.T) {
	for _, c := range []struct{ dir, path, want string }{
		{"https://example.org/", "index.html", "https://example.org/index.html"},
		{"https://example.org/docs", "a/b.html", "https://example.org/docs/a/b.html"},
		{"https://example.org/", "a b/c#1?.html", "https://example.org/a%20b/c%231%3F.html"},
		{"https://example.org/", "100%.html", "https://example.org/100%25.html"},
		{"https://example.org/", `back\slash "q" <x>.html`, "https://example.org/back%5Cslash%20%22q%22%20%3Cx%3E.html"},
		{"https://example.org/", "ドキュメント/é.html", "https://example.org/ドキュメント/é.html"},
		{"https://example.org/", "keep-._~!$&'()*+,;=:@.html", "https://example.org/keep-._~!$&'()*+,;=:@.html"},
		{"file:///srv/site/", "a\tb.html", "file:///srv/site/a%09b.html"},
	} {
		got := FileURL(c.dir, c.path)
		if got != c.want {
			t.Errorf("FileURL(%q, %q) = %q, want %q", c.dir, c.path, got, c.want)
			continue
		}
		u, err := Parse(got, nil)
		if err != nil {
			t.Errorf("%q: %v", got, err)
			continue
		}
		if dec, _ := pct.Decode(u.Pathname()); !strings.HasSuffix(dec, "/"+c.path) {
			t.Errorf("%q: path %q decodes to %q, which does not end with /%s", got, u.Pathname(), dec, c.path)
		}
	}
}
