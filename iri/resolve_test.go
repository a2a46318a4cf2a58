package iri_test

import (
	"testing"

	"github.com/relink-go/relink/iri"
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
// bases, and the edge cases of PITFALLS.md item 9.
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
		got, err := tt.mode.Resolve(tt.base, tt.ref)
		if err != nil || got != tt.want {
			t.Errorf("%v.Resolve(%q, %q) = %q, %v; want %q (%s)", tt.mode, tt.base, tt.ref, got, err, tt.want, tt.rule)
		}
		if tt.mode != iri.LEIRI {
			continue
		}
		if got, err := iri.Resolve(tt.base, tt.ref); err != nil || got != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
}

func TestResolveReference(t *testing.T) {
	base, err := iri.Parse("http://u@h:8/a/b?q#f")
	if err != nil {
		t.Fatal(err)
	}
	saved := *base
	ref, err := iri.Parse("../c?#")
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
		if got, err := iri.Strict.Resolve(tt.base, tt.ref); err == nil {
			t.Errorf("Strict.Resolve(%q, %q) = %q, want an error", tt.base, tt.ref, got)
		}
	}
}
