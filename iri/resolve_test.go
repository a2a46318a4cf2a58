package iri_test

import (
	"errors"

	"testing"

	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
)

func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		// RFC 3986 section 5.2.4 traces (also in rfc3986-normalization.json).
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		{"", ""},
		{"/", "/"},
		{".", ""},
		{"..", ""},
		{"./", ""},
		{"../", ""},
		{"/.", "/"},
		{"/..", "/"},
		{"/./", "/"},
		{"/../", "/"},
		{"/a/.", "/a/"},
		{"/a/..", "/"},
		{"/a/b/..", "/a/"},
		{"/a/./b", "/a/b"},
		{"/a/../../b", "/b"},
		{"../../a", "a"},
		{"a/../../b", "/b"},
		{"/a/..//b", "//b"},
		{"/..//", "//"},
		{"/a//../b", "/a/b"},
		{"/a/...", "/a/..."},
		{"/a/.b/..c/b.", "/a/.b/..c/b."},
		{"/a/%2E%2E/b", "/a/%2E%2E/b"},
		{"/ü/./ä/../ö", "/ü/ö"},
		{"a", "a"},
		{"/a/b", "/a/b"},
	}
	for _, tt := range tests {
		if got := iri.RemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// resolveTests go beyond the 42 examples of RFC 3986 section 5.4 (see
// conformance_test.go): IRIs, empty components, rootless and opaque
// bases, and the edge cases other resolvers got wrong: a rootless base
// ("scheme:foo/bar" and "../baz" give "scheme:/baz",
// python-hyper/rfc3986#84) and ".." beside empty segments.
var resolveTests = []struct {
	mode            iri.Mode
	base, ref, want string
	rule            string
}{
	{iri.Strict, "a://foo/", "..//", "a://foo//", "empty segments kept (net/url golang/go#80282 gives a://foo/)"},
	{iri.Strict, "scheme:foo/bar", "../baz", "scheme:/baz", "rootless base (python-hyper/rfc3986#84)"},
	{iri.Strict, "urn:a:b", "c", "urn:c", "merge without a slash"},
	{iri.Strict, "foo:", "bar", "foo:bar", "empty base path, no authority"},
	{iri.Strict, "http://a", "g", "http://a/g", "5.2.3: empty base path with authority"},
	{iri.Strict, "http://a", "", "http://a", "empty reference"},
	{iri.Strict, "http://a", "?q", "http://a?q", "query only"},
	{iri.Strict, "mailto:x@y", "#f", "mailto:x@y#f", "opaque base, fragment"},
	{iri.Strict, "http://h/p?", "", "http://h/p?", "empty query of the base kept"},
	{iri.Strict, "http://h/p?q", "?", "http://h/p?", "empty query of the reference wins"},
	{iri.Strict, "http://h/p?q#f", "#", "http://h/p?q#", "empty fragment"},
	{iri.Strict, "http://u@h:8/a/b", "c", "http://u@h:8/a/c", "userinfo and port of the base"},
	{iri.Strict, "http://u@h:8/a/b", "//g/../x", "http://g/x", "network-path reference"},
	{iri.Strict, "http://a/b", "http://a/b/../c/./d", "http://a/c/d", "a reference with a scheme: dot segments removed"},
	{iri.Strict, "http://a/b/../c/", "", "http://a/b/../c/", "the base path is not normalized"},
	{iri.Strict, "http://a/b/c", "%2E%2E/g", "http://a/b/%2E%2E/g", "encoded dots are not dot segments"},
	{iri.Strict, "http://a/b/c", "../../../../g", "http://a/g", "above the root"},
	{iri.Strict, "http://例え.テスト/パス/a", "../ü?ä#ö", "http://例え.テスト/ü?ä#ö", "3987bis 6.5: IRI characters as they are"},
	{iri.Strict, "http://r%C3%A9sum%C3%A9.example/a", "b", "http://r%C3%A9sum%C3%A9.example/b", "nothing decoded"},
	{iri.Strict, "HTTP://H/a", "b", "HTTP://H/b", "nothing normalized"},
	{iri.Strict, "http://a/b/c", "http:g", "http:g", "strict: the scheme is kept"},
	{iri.Strict, "foo:a/", "./b:c", "foo:a/b:c", "a colon after a dot segment"},
	{iri.LEIRI, "http://h/a b/c", "d e?f g", "http://h/a b/d e?f g", "LEIRI characters carried over"},
	{iri.Web, "http://h/a/b", `..\c`, "http://h/c", "Web: backslash is a slash"},
	{iri.Web, " http://h/a/b ", "\tc\n", "http://h/a/c", "Web: trimming"},
}

func resolveInputs() []string {
	var in []string
	for _, tt := range resolveTests {
		in = append(in, tt.base, tt.ref, tt.want)
	}
	return in
}

func TestResolve(t *testing.T) {
	for _, tt := range resolveTests {
		got, err := resolveIn(tt.mode, tt.base, tt.ref)
		if err != nil || got != tt.want {
			t.Errorf("%v.Resolve(%q, %q) = %q, %v; want %q (%s)", tt.mode, tt.base, tt.ref, got, err, tt.want, tt.rule)
		}
		if tt.mode != iri.LEIRI {
			continue
		}
		if got, err := iri.Resolve(tt.ref, tt.base); err != nil || got != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
}

func TestResolveReference(t *testing.T) {
	base, err := inMode(iri.Strict).Parse("http://u@h:8/a/b?q#f")
	if err != nil {
		t.Fatal(err)
	}
	saved := *base
	ref, err := inMode(iri.Strict).Parse("../c?#")
	if err != nil {
		t.Fatal(err)
	}
	savedRef := *ref
	got := base.ResolveReference(ref)
	want := iri.Reference{Scheme: "http", HasAuthority: true, Userinfo: "u", HasUserinfo: true,
		Host: "h", Port: "8", HasPort: true, Path: "/c", HasQuery: true, HasFragment: true}
	if *got != want {
		t.Errorf("ResolveReference = %#v, want %#v", *got, want)
	}
	if *base != saved || *ref != savedRef {
		t.Error("ResolveReference modified its arguments")
	}
	if got == base || got == ref {
		t.Error("ResolveReference returned one of its arguments")
	}
}

func TestResolveErrors(t *testing.T) {
	for _, tt := range []struct{ base, ref string }{
		{"http://h/%zz", "a"},
		{"http://h/", "%zz"},
		{"http://h/", "a b"},
		{"http://h:x/", "a"},
	} {
		if got, err := resolveIn(iri.Strict, tt.base, tt.ref); err == nil {
			t.Errorf("Strict.Resolve(%q, %q) = %q, want an error", tt.base, tt.ref, got)
		}
	}
}

// TestParseBaseIssue12 is the example of issue 12: the three modes give
// three answers for one base and one reference, each with its own reason.
func TestParseBaseIssue12(t *testing.T) {
	const base, ref = "HTTP://Example.COM:80/a/b", `..\c d?q=é`
	for _, tt := range []struct {
		mode     iri.Mode
		base     string // Base.String
		want     string
		wantErr  error
		wantURI  string // ToURI of want in the mode
		whyThere string
	}{
		{iri.Web, "http://example.com/a/b", "http://example.com/c%20d?q=%C3%A9", nil, "http://example.com/c%20d?q=%C3%A9",
			"the URL Standard: scheme and host lowercased, default port dropped, \\ a slash, space and é percent-encoded"},
		{iri.LEIRI, base, `HTTP://Example.COM:80/a/..\c d?q=é`, nil, `HTTP://Example.COM:80/a/..%5Cc%20d?q=%C3%A9`,
			"RFC 3986 on the text: \\ is no separator, so ..\\c d is one segment; nothing normalized"},
		{iri.Strict, base, "", iri.ErrInvalidChar, "",
			"the IRI grammar has no \\ and no space"},
	} {
		c := iri.NewConverter(iri.WithMode(tt.mode))
		b, err := c.ParseBase(base)
		if err != nil {
			t.Fatalf("%v: ParseBase(%q): %v", tt.mode, base, err)
		}
		if got := b.String(); got != tt.base {
			t.Errorf("%v: ParseBase(%q).String() = %q, want %q", tt.mode, base, got, tt.base)
		}
		got, err := b.Resolve(ref)
		if got != tt.want || !errors.Is(err, tt.wantErr) {
			t.Errorf("%v: Resolve(%q) = %q, %v; want %q, %v (%s)", tt.mode, ref, got, err, tt.want, tt.wantErr, tt.whyThere)
		}
		if err != nil {
			var e *iri.Error
			if !errors.As(err, &e) || e.Op != "resolve" || e.Input != ref {
				t.Errorf("%v: Resolve(%q) error %#v, want an *iri.Error with Op resolve", tt.mode, ref, err)
			}
			continue
		}
		if u, err := c.ToURI(got); u != tt.wantURI || err != nil {
			t.Errorf("%v: ToURI(%q) = %q, %v; want %q", tt.mode, got, u, err, tt.wantURI)
		}
	}
	// The package's Resolve is the LEIRI converter's.
	if got, err := iri.Resolve(ref, base); got != `HTTP://Example.COM:80/a/..\c d?q=é` || err != nil {
		t.Errorf("Resolve(%q, %q) = %q, %v; want the LEIRI result", base, ref, got, err)
	}
}

func TestParseBaseErrors(t *testing.T) {
	for _, m := range []iri.Mode{iri.Strict, iri.LEIRI} {
		for _, s := range []string{"/a/b", "a", "", "//h/p"} {
			_, err := inMode(m).ParseBase(s)
			var e *iri.Error
			if !errors.Is(err, iri.ErrNotAbsolute) || !errors.As(err, &e) || e.Input != s {
				t.Errorf("%v: ParseBase(%q) error = %v, want an *iri.Error wrapping ErrNotAbsolute", m, s, err)
			}
		}
		if _, err := inMode(m).ParseBase("http://h/%zz"); !errors.Is(err, iri.ErrInvalidPercent) {
			t.Errorf("%v: ParseBase(%q) error = %v, want ErrInvalidPercent", m, "http://h/%zz", err)
		}
	}
	for _, s := range []string{"/a/b", "http://a b/", "http://h:x/"} {
		_, err := inMode(iri.Web).ParseBase(s)
		var e *weburl.Error
		if !errors.As(err, &e) || e.Input != s {
			t.Errorf("Web: ParseBase(%q) error = %v, want a *weburl.Error", s, err)
		}
	}
	if _, err := iri.Resolve("c", "a/b"); !errors.Is(err, iri.ErrNotAbsolute) {
		t.Errorf("Resolve with a relative base: %v, want ErrNotAbsolute", err)
	}
}

// TestParseBaseCharset checks that a Web Base resolves in the charset of
// the converter that parsed it.
func TestParseBaseCharset(t *testing.T) {
	for label, want := range map[string]string{
		"":                              "http://h/x?q=%C3%A5",
		"windows-1252":                  "http://h/x?q=%E5",
		"text/html; charset=ISO-8859-1": "http://h/x?q=%E5",
		"shift_jis":                     "http://h/x?q=%26%23229%3B",
		"utf-16le":                      "http://h/x?q=%C3%A5",
		"no-such-charset":               "http://h/x?q=%C3%A5",
	} {
		c := iri.NewConverter(iri.WithMode(iri.Web), iri.WithCharsetLabel(label))
		b, err := c.ParseBase("http://h/a")
		if err != nil {
			t.Fatal(err)
		}
		if got, err := b.Resolve("x?q=å"); got != want || err != nil {
			t.Errorf("charset %q: Resolve = %q, %v; want %q", label, got, err, want)
		}
	}
}
