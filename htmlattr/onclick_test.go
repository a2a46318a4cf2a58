package htmlattr

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"
)

func TestParseOnclick(t *testing.T) {
	long := strings.Repeat("a", 256)
	for _, tt := range []struct {
		in, want string // want "" for no URL
	}{
		// Assignments to the location: the whole value.
		{`location='/next.html'`, "/next.html"},
		{`location.href='/next.html'`, "/next.html"},
		{`window.location='http://example.com/'`, "http://example.com/"},
		{`top.location.href = 'a.html'`, "a.html"},
		{`document.location='a.html'`, "a.html"},
		{`self.location='a.html'`, "a.html"},
		{`parent.location.href='a.html'`, "a.html"},
		{`javascript:location.href='a.html'`, "a.html"},
		{`JavaScript:Window.Location.HREF='a.html'`, "a.html"},
		{"location\t=\v\f'a.html'", "a.html"},
		{"location='a.html'\n", "a.html"},
		{"location='a.html'\r\n", "a.html"},
		{"location='a.html'\u2028", "a.html"},
		{"location='a.html'\n\n", ""},
		{`location='a.html';`, ""},
		{`location='a.html'; return false`, ""},
		{` location='a.html'`, ""},
		{`location="a.html"`, ""}, // double quotes: not ia-web-commons' form
		{`location='a"b.html'`, ""},
		{`location=url`, ""},
		{`location='ab'`, ""}, // 2 characters: too short
		{`location='abc'`, "abc"},
		{`location='` + long + `'`, long},
		{`location='` + long + `a'`, ""},
		{`location='` + strings.Repeat("é", 256) + `'`, strings.Repeat("é", 256)},
		{`location='` + strings.Repeat("😀", 128) + `'`, strings.Repeat("😀", 128)}, // 256 UTF-16 units
		{`location='` + strings.Repeat("😀", 129) + `'`, ""},
		{`window.top.location='a.html'`, ""},
		{`locations='a.html'`, ""},
		{`location.hrefx='a.html'`, ""},
		{`location.replace('a.html')`, ""},
		{`document.location.href='a.html'`, "a.html"},

		// window.open at the start.
		{`window.open('/popup.html')`, "/popup.html"},
		{`window.open("/popup.html", "_blank"); return false;`, "/popup.html"},
		{`parent.open('x.html',)`, "x.html"},
		{`javascript:window.open('x.html')`, "x.html"},
		{`WINDOW.OPEN('x.html')`, "x.html"},
		{`window.open('x.html")`, ""},
		{`window.open('x.html' )`, ""},
		{`window.open( 'x.html')`, ""},
		{`window.open(url)`, ""},
		{`window.open('x.html'`, ""},
		{`open('x.html')`, ""},
		{`top.open('x.html')`, ""},
		{`f(); window.open('x.html')`, ""},
		{`window.open('ab')`, ""},
		{``, ""},
		{`javascript:`, ""},
		{`window.`, ""},
		{`window.open(`, ""},
		{`location`, ""},
		{`location=`, ""},
		{`location='`, ""},
		{`location='abc`, ""},
	} {
		sp, ok := ParseOnclick(tt.in)
		got := ""
		if ok {
			got = tt.in[sp.Start:sp.End]
		}
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("ParseOnclick(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
		if ref := onclickReference(tt.in); ref != tt.want {
			t.Errorf("the reference of %q = %q; want %q", tt.in, ref, tt.want)
		}
	}
}

// ia-web-commons' two patterns, on a decoded value (so without its &#39;
// alternative), written for Go's regexp: RE2 has no back-references, so
// each quote has its pattern; the length in UTF-16 units is checked after.
var (
	onclickRefLocation = regexp.MustCompile(`^(?i:javascript:)?(?i:(?:window|top|document|self|parent)\.)?(?i:location)(?i:\.href)?[ \t\n\x0b\f\r]*=[ \t\n\x0b\f\r]*'([^'"]+)'(?:\n|\r\n|\r|\x{85}|\x{2028}|\x{2029})?$`)
	onclickRefOpen     = []*regexp.Regexp{
		regexp.MustCompile(`^(?i:javascript:)?(?i:window|parent)\.(?i:open)\('([^'"]+)'[,)]`),
		regexp.MustCompile(`^(?i:javascript:)?(?i:window|parent)\.(?i:open)\("([^'"]+)"[,)]`),
	}
)

func onclickReference(v string) string {
	ok := func(m []string) bool {
		n := len(utf16.Encode([]rune(m[1])))
		return 3 <= n && n <= 256
	}
	if m := onclickRefLocation.FindStringSubmatch(v); m != nil && ok(m) {
		return m[1]
	}
	for _, re := range onclickRefOpen {
		if m := re.FindStringSubmatch(v); m != nil && ok(m) {
			return m[1]
		}
	}
	return ""
}

// FuzzParseOnclick checks ParseOnclick against the regular expressions of
// ia-web-commons (onclickReference), and that its span is in the value.
func FuzzParseOnclick(f *testing.F) {
	for _, s := range []string{
		`location='/next.html'`, `window.open("/p.html", "_blank")`, `javascript:top.location.href = 'abc'` + "\r\n",
		`parent.open('x.html',)`, `self.location='` + strings.Repeat("😀", 128) + `'`, `window.open('x.html")`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		sp, ok := ParseOnclick(v)
		got := ""
		if ok {
			if sp.Start < 0 || sp.Start > sp.End || sp.End > len(v) {
				t.Fatalf("ParseOnclick(%q): span %v out of the value", v, sp)
			}
			got = v[sp.Start:sp.End]
			if got == "" {
				t.Fatalf("ParseOnclick(%q): an empty URL", v)
			}
		}
		if want := onclickReference(v); got != want {
			t.Fatalf("ParseOnclick(%q) = %q; ia-web-commons' patterns give %q", v, got, want)
		}
	})
}
