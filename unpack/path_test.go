package unpack

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relink-go/relink/weburl"
)

func TestFilePath(t *testing.T) {
	long := strings.Repeat("é", 150)
	tests := []struct {
		url, mediaType, want string
	}{
		{"http://example.org/", "text/html", "example.org/index.html"},
		{"http://example.org", "text/html", "example.org/index.html"},
		{"http://example.org/a/b", "text/html", "example.org/a/b.html"},
		{"http://example.org/a/b.htm", "text/html", "example.org/a/b.htm"},
		{"http://example.org/a/B.HTML", "text/html", "example.org/a/B.HTML"},
		{"http://example.org/api/", "application/json", "example.org/api/index.json"},
		{"http://example.org/data", "", "example.org/data"},
		{"http://example.org/logo", "image/png", "example.org/logo.png"},
		{"http://example.org/readme", "text/plain", "example.org/readme"},
		{"https://Example.ORG:8443/x.css", "text/css", "example.org+8443/x.css"},
		{"https://example.org:443/x.css", "text/css", "example.org/x.css"},
		// The query, before the extension.
		{"http://example.org/s.css?v=3", "text/css", "example.org/s@v=3.css"},
		{"http://example.org/search?q=a%2Fb&x=%C3%BC", "text/html", "example.org/search@q=a%2Fb&x=ü.html"},
		{"http://example.org/p?", "text/html", "example.org/p@.html"},
		{"http://example.org/?" + strings.Repeat("q", 50), "text/html", "example.org/index@" + strings.Repeat("q", 31) + "~" + hash8(strings.Repeat("q", 50)) + ".html"},
		// Non-ASCII readable, in NFC.
		{"http://example.org/%C3%BCber/caf%C3%A9", "", "example.org/über/café"},
		{"http://example.org/u%CC%88ber", "", "example.org/über"},
		{"http://xn--bcher-kva.example/", "text/html", "bücher.example/index.html"},
		{"http://bücher.example/ü", "", "bücher.example/ü"},
		// Escapes that are not UTF-8, or that give a %, stay escapes.
		{"http://example.org/%FF%FE", "", "example.org/%FF%FE"},
		{"http://example.org/a%25b", "", "example.org/a%25b"},
		{"http://example.org/a%zz", "", "example.org/a%25zz"},
		// What would leave the folder, or that file systems refuse.
		{"http://example.org/a/..%2F..%2Fetc/passwd", "", "example.org/a/..%2F..%2Fetc/passwd"},
		{"http://example.org/%2e%2e/%2e%2e/x", "", "example.org/x"},
		{"http://example.org/a/%2e%2e%2e/x", "", "example.org/a/..%2E/x"},
		{"http://example.org/a\\..\\..\\x", "", "example.org/x"},
		{"http://example.org/dir./x", "", "example.org/dir%2E/x"},
		{"http://example.org/dir%20/x", "", "example.org/dir%20/x"},
		{"http://example.org/a%00b%1Fc", "", "example.org/a%00b%1Fc"},
		{"http://example.org/a:b|c%3Cd%3E%22e*f%3Fg", "", "example.org/a%3Ab%7Cc%3Cd%3E%22e%2Af%3Fg"},
		{"http://example.org/a%5Cb", "", "example.org/a%5Cb"},
		{"http://example.org//x", "", "example.org/_/x"},
		{"http://example.org/con", "text/html", "example.org/con_.html"},
		{"http://example.org/CON.txt", "", "example.org/CON_.txt"},
		{"http://example.org/lpt1/com9.tar.gz", "", "example.org/lpt1_/com9_.tar.gz"},
		{"http://example.org/com10", "", "example.org/com10"},
		{"http://nul/", "text/html", "nul_/index.html"},
		{"http://[::1]:8080/", "text/html", "[%3A%3A1]+8080/index.html"},
		{"http://192.168.0.1/", "text/html", "192.168.0.1/index.html"},
		{"http://example.org/" + long, "", "example.org/" + cutUTF8(long, maxName-9) + "~" + hash8(long)},
		{"http://example.org/" + long + "/x", "text/css", "example.org/" + cutUTF8(long, maxName-9) + "~" + hash8(long) + "/x.css"},
		{"ftp://example.org/x", "", ""},
		{"data:text/html,x", "", ""},
	}
	for _, tt := range tests {
		u, err := weburl.Parse(tt.url, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.url, err)
		}
		if got := FilePath(u, tt.mediaType); got != tt.want {
			t.Errorf("FilePath(%q, %q) = %q, want %q", tt.url, tt.mediaType, got, tt.want)
		}
	}
}

// checkLocal reports what is wrong with p as a path of the copy: it must
// stay inside it, and be a valid name on Windows and macOS.
func checkLocal(p string) string {
	if !filepath.IsLocal(filepath.FromSlash(p)) || strings.HasPrefix(p, "/") {
		return "not local"
	}
	if !utf8.ValidString(p) {
		return "not UTF-8"
	}
	for _, seg := range strings.Split(p, "/") {
		switch {
		case seg == "" || seg == "." || seg == "..":
			return "segment " + seg
		case len(seg) > 255:
			return "segment longer than 255 bytes"
		case strings.ContainsAny(seg, "<>:\"\\|?*\x7f") || strings.IndexFunc(seg, func(r rune) bool { return r < 0x20 }) >= 0:
			return "a character Windows refuses in " + seg
		case strings.HasSuffix(seg, ".") || strings.HasSuffix(seg, " "):
			return "a final dot or space in " + seg
		case reservedStem(seg):
			return "a device name: " + seg
		}
	}
	return ""
}

func FuzzFilePath(f *testing.F) {
	for _, s := range []string{"http://example.org/a/b?c=d", "http://example.org/..%2f%2e%2e/con.txt", "http://[::1]/%C3%BC%FF", "https://xn--bcher-kva.example:81/a//b/"} {
		f.Add(s, "text/html")
	}
	f.Fuzz(func(t *testing.T, s, mediaType string) {
		u, err := weburl.Parse(s, nil)
		if err != nil {
			return
		}
		p := FilePath(u, mediaType)
		if p == "" {
			if u.Scheme() == "http" || u.Scheme() == "https" {
				t.Fatalf("FilePath(%q) is empty", s)
			}
			return
		}
		if why := checkLocal(p); why != "" {
			t.Fatalf("FilePath(%q, %q) = %q: %s", s, mediaType, p, why)
		}
		if why := checkLocal(renamed(p, s, 64)); why != "" {
			t.Fatalf("renamed(FilePath(%q, %q)) = %q: %s", s, mediaType, renamed(p, s, 64), why)
		}
	})
}

func TestParseDate(t *testing.T) {
	tests := []struct{ in, want string }{
		{"2024-05-06T07:08:09Z", "2024-05-06T07:08:09Z"},
		{"2024-05-06T07:08:09.5+02:00", "2024-05-06T05:08:09.5Z"},
		{"2024-05-06", "2024-05-06T00:00:00Z"},
		{"20240506070809", "2024-05-06T07:08:09Z"},
		{"202405", "2024-05-01T00:00:00Z"},
		{"2024", "2024-01-01T00:00:00Z"},
		{"yesterday", ""},
		{"2024-13-01", ""},
		{"123", ""},
	}
	for _, tt := range tests {
		got, err := ParseDate(tt.in)
		s := ""
		if err == nil {
			s = got.UTC().Format("2006-01-02T15:04:05.999999999Z")
		}
		if s != tt.want {
			t.Errorf("ParseDate(%q) = %q, %v; want %q", tt.in, s, err, tt.want)
		}
	}
}
