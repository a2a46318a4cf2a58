package weburl

import (
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// resolveCases are references fastResolve takes and references it must
// leave to the parser, against the bases of fastResolveBases.
var resolveCases = []string{
	"", "#", "#f", "#a b", "#a`b", "?", "?q", "?q=1&r=2#f", "?a'b", "?a\"b",
	"/", "/x", "/x/", "/x/../y", "/..", "/../..", "/.", "/./x", "//host/x", "/\\host",
	"x", "x/", "x/y", "./x", "../x", "../../../../x", "..", ".", "./", "../", "x/..", "x/.",
	"x//y", "x/./y/../z", "a:b", "a/b:c", "1:x", "%2e/x", "%2E%2E/x", ".%2e/x", "x%2fy",
	"x%20y", "x y", "x\ty", " x", "x ", "x\\y", "x?y/z", "x#y/../z", "x?q#f", "é", "x?é",
	"x#é", "x|y", "x^y", "x{y}", "x`y", "x<y", "x\"y", "index.html", "../css/a.css?v=3",
	"..?q", "..#f", ".?q", "x/..?q", "%", "x%zz", "x%2",
}

var fastResolveBases = []string{
	"http://example.com/dir/page.html",
	"https://example.com/a/b/c?q=1#frag",
	"http://example.com/",
	"http://example.com",
	"https://u:p@example.com:8443/a/?x#y",
	"ws://example.com/a/b",
	"ftp://example.com/pub/",
	"file:///C:/dir/f",
	"file://host/dir/f",
	"mailto:someone@example.com",
	"foo://host/a/b",
	"foo:/a/b",
	"http://[::1]/a/b",
	"http://192.168.0.1/a/b",
}

// TestFastResolve checks that fastResolve, wherever it answers, answers
// what the full parser does.
func TestFastResolve(t *testing.T) {
	taken := 0
	for _, bs := range fastResolveBases {
		base, err := Parse(bs, nil)
		if err != nil {
			t.Fatalf("base %q: %v", bs, err)
		}
		for _, ref := range resolveCases {
			if checkFastResolve(t, base, ref) {
				taken++
			}
		}
	}
	// Most cases against the special bases take the fast path; if none
	// did, the test would prove nothing.
	if taken < len(resolveCases)*3 {
		t.Errorf("fastResolve answered %d cases, want at least %d", taken, len(resolveCases)*3)
	}
}

func checkFastResolve(t *testing.T, base *URL, ref string) bool {
	t.Helper()
	got, ok := fastResolve(base, ref)
	if !ok {
		return false
	}
	var u URL
	if err := utf8Parser.parse(&u, ref, base); err != nil {
		t.Errorf("fastResolve(%q, %q) = %q, the parser fails: %v", base.href, ref, got, err)
		return true
	}
	if got != u.href {
		t.Errorf("fastResolve(%q, %q) = %q, the parser gives %q", base.href, ref, got, u.href)
	}
	// Appended after other bytes, as AppendResolve appends it (a ".."
	// must not reach into them).
	if b, err := utf8Parser.AppendResolve([]byte("/x/"), ref, base); err != nil || string(b) != "/x/"+u.href {
		t.Errorf("AppendResolve(%q, %q, %q) = %q, %v; want %q", "/x/", base.href, ref, b, err, "/x/"+u.href)
	}
	return true
}

func FuzzFastResolve(f *testing.F) {
	for _, bs := range fastResolveBases[:6] {
		for _, ref := range resolveCases {
			f.Add(bs, ref)
		}
	}
	f.Fuzz(func(t *testing.T, bs, ref string) {
		base, err := Parse(bs, nil)
		if err != nil {
			return
		}
		checkFastResolve(t, base, ref)
	})
}

// TestAppendResolveAllocs checks AppendResolve's promise: an absolute URL
// in serialized form and the common relative references of a page are
// resolved into a buffer with room without allocating, in a UTF-8 and in
// a legacy document alike; Resolve returns such a URL, or the base's
// href, without allocating either.
func TestAppendResolveAllocs(t *testing.T) {
	refs := []string{"", "#top", "?q=1", "/about", "img/a.png", "../css/a.css?v=3", "./x/../y", "a/b/", "https://other.example/p?q#f"}
	for _, p := range []*Parser{NewParser(nil), NewParser(charmap.Windows1252)} {
		base, err := p.Parse("https://example.com/dir/page.html?x#y", nil)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 0, 256)
		for _, ref := range refs {
			if n := testing.AllocsPerRun(100, func() { buf, _ = p.AppendResolve(buf[:0], ref, base) }); n != 0 {
				t.Errorf("%v: AppendResolve(%q): %v allocations, want 0", p.enc, ref, n)
			}
		}
		for _, ref := range []string{"https://other.example/p?q#f", ""} {
			if n := testing.AllocsPerRun(100, func() { _, _ = p.Resolve(ref, base) }); n != 0 {
				t.Errorf("%v: Resolve(%q): %v allocations, want 0", p.enc, ref, n)
			}
		}
	}
}

// FuzzFastParse checks that fastParse, wherever it answers, answers what
// the full parser does: the input is the href, and the URL the same in
// every field.
func FuzzFastParse(f *testing.F) {
	for _, s := range []string{"https://example.org/a/b.html?q=1#f", "http://a.b:8080/x", "http://a.b:80/x", "https://x/a/../b",
		"https://x/%2e/b", "https://x/a b", "https://x/a?b c", "https://x/a#b`c", "https://x/a#b c", "https://x/a\\b", "https://x/a?it's",
		"https://x/.", "https://x/a/..", "http://1.2.3.4/", "http://a..b/", "ws://h/p#f?g/h", "https://x/a?q#f#g"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var fu URL
		if !fastParse(s, &fu) {
			return
		}
		var u URL
		if err := utf8Parser.parse(&u, s, nil); err != nil {
			t.Fatalf("fastParse(%q) = true, the parser fails: %v", s, err)
		}
		if fu != u {
			t.Errorf("fastParse(%q) = %+v, the parser gives %+v", s, fu, u)
		}
	})
}
