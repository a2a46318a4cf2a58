package htmlattr

import (
	"math"
	"strings"
	"testing"
)

var refreshTests = []struct {
	content string
	ok      bool
	delay   int
	url     string // content[urlStart:urlEnd]
	noURL   bool   // urlStart == urlEnd == len(content)
}{
	{"5; url=http://example.com/", true, 5, "http://example.com/", false},
	{"0;URL='/next'", true, 0, "/next", false},
	{"3, url=x.html", true, 3, "x.html", false},
	{"1 http://example.com/", true, 1, "http://example.com/", false},
	{"  7  ;  http://x  ", true, 7, "http://x", false},
	{"0; url= 'a b' c", true, 0, "a b", false},
	{`0; url="a.html`, true, 0, "a.html", false},
	{`0.5; url="a.html" junk`, true, 0, "a.html", false},
	{`0; URL = "x" ; more`, true, 0, "x", false},
	{"0;'http://x/'", true, 0, "http://x/", false},
	{`0;"x'y"z`, true, 0, "x'y", false},
	{"\t\n5\f;\rurl=x", true, 5, "x", false},
	{"0; url=\x01x\x02 ", true, 0, "x", false},

	// Not "url=": the URL string starts where "url" started.
	{"0;url", true, 0, "url", false},
	{"0; urx", true, 0, "urx", false},
	{"0; u", true, 0, "u", false},
	{"0; ur", true, 0, "ur", false},
	{"0; url x", true, 0, "url x", false},
	{"0; url", true, 0, "url", false},
	{"0; urlx=y", true, 0, "urlx=y", false},
	{"0; url='a", true, 0, "a", false},
	{"0;url=", true, 0, "", false},
	{"0; url=''", true, 0, "", false},
	{"0;;x", true, 0, ";x", false},
	{"0;,x", true, 0, ",x", false},
	// VT is not ASCII whitespace, but the URL parser strips it.
	{"0;\vurl=x", true, 0, "url=x", false},

	// The delay.
	{".5; url=x", true, 0, "x", false},
	{"1.5.6;x", true, 1, "x", false},
	{"12.", true, 12, "", true},
	{"5", true, 5, "", true},
	{"5;", true, 5, "", true},
	{"5 ;  ", true, 5, "", true},
	{"007", true, 7, "", true},
	{"99999999999999999999999999; x", true, math.MaxInt, "x", false},

	// Ignored altogether.
	{"", false, 0, "", true},
	{"   ", false, 0, "", true},
	{"x", false, 0, "", true},
	{"url=x", false, 0, "", true},
	{"-1; url=x", false, 0, "", true},
	{"+1; url=x", false, 0, "", true},
	{"5x", false, 0, "", true},
	{"5:url=x", false, 0, "", true},
	{"\v5;x", false, 0, "", true},
}

func TestParseRefresh(t *testing.T) {
	for _, tt := range refreshTests {
		delay, start, end, ok := ParseRefresh(tt.content)
		if ok != tt.ok {
			t.Errorf("ParseRefresh(%q): ok = %v, want %v", tt.content, ok, tt.ok)
			continue
		}
		if start < 0 || start > end || end > len(tt.content) {
			t.Errorf("ParseRefresh(%q): span [%d:%d] out of range", tt.content, start, end)
			continue
		}
		if !ok {
			continue
		}
		if delay != tt.delay {
			t.Errorf("ParseRefresh(%q): delay = %d, want %d", tt.content, delay, tt.delay)
		}
		if got := tt.content[start:end]; got != tt.url {
			t.Errorf("ParseRefresh(%q): url = %q, want %q", tt.content, got, tt.url)
		}
		if tt.noURL && (start != len(tt.content) || end != len(tt.content)) {
			t.Errorf("ParseRefresh(%q): span [%d:%d], want [%d:%d] for no URL", tt.content, start, end, len(tt.content), len(tt.content))
		}
	}
}

// refreshReference is a second, independent reading of the shared
// declarative refresh steps, written with package strings, for
// differential fuzzing. It returns the URL string (untrimmed) and whether
// there is one.
func refreshReference(input string) (url string, hasURL, ok bool) {
	const ws = "\t\n\f\r "
	rest := strings.TrimLeft(input, ws)
	time := strings.TrimLeft(rest, "0123456789")
	if len(time) == len(rest) && !strings.HasPrefix(rest, ".") {
		return "", false, false
	}
	rest = strings.TrimLeft(time, "0123456789.")
	if rest != "" {
		if !strings.ContainsRune(";,"+ws, rune(rest[0])) {
			return "", false, false
		}
		rest = strings.TrimLeft(rest, ws)
		if rest != "" && (rest[0] == ';' || rest[0] == ',') {
			rest = rest[1:]
		}
		rest = strings.TrimLeft(rest, ws)
	}
	if rest == "" {
		return "", false, true
	}
	url = rest
	if len(rest) >= 3 && strings.EqualFold(rest[:3], "url") {
		after := strings.TrimLeft(rest[3:], ws)
		if !strings.HasPrefix(after, "=") {
			return url, true, true
		}
		rest = strings.TrimLeft(after[1:], ws)
	} else if rest[0] == 'u' || rest[0] == 'U' {
		if len(rest) < 3 || !strings.EqualFold(rest[:2], "ur") || (rest[2] != 'l' && rest[2] != 'L') {
			return url, true, true // "jump to parse" from 11.3 or 11.4
		}
	}
	if rest != "" && (rest[0] == '\'' || rest[0] == '"') {
		q := rest[0]
		rest = rest[1:]
		if i := strings.IndexByte(rest, q); i >= 0 {
			rest = rest[:i]
		}
	}
	return rest, true, true
}

func FuzzRefresh(f *testing.F) {
	for _, tt := range refreshTests {
		f.Add(tt.content)
	}
	f.Fuzz(func(t *testing.T, content string) {
		_, start, end, ok := ParseRefresh(content)
		if start < 0 || start > end || end > len(content) {
			t.Fatalf("ParseRefresh(%q): span [%d:%d] out of range", content, start, end)
		}
		url := content[start:end]
		if url != "" && (url[0] <= ' ' || url[len(url)-1] <= ' ') {
			t.Fatalf("ParseRefresh(%q): url %q not trimmed", content, url)
		}
		want, hasURL, wantOK := refreshReference(content)
		if ok != wantOK {
			t.Fatalf("ParseRefresh(%q): ok = %v, reference says %v", content, ok, wantOK)
		}
		if !hasURL {
			want = ""
		}
		if want = strings.Trim(want, c0Space); url != want {
			t.Fatalf("ParseRefresh(%q): url = %q, reference says %q", content, url, want)
		}
	})
}

var c0Space = func() string {
	var b []byte
	for c := byte(0); c <= ' '; c++ {
		b = append(b, c)
	}
	return string(b)
}()

func BenchmarkParseRefresh(b *testing.B) {
	const content = `0; URL='https://example.com/a/long/enough/path?with=query'`
	b.SetBytes(int64(len(content)))
	b.ReportAllocs()
	for b.Loop() {
		ParseRefresh(content)
	}
}
