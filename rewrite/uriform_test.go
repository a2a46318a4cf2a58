package rewrite

import (
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/testcorpus"
	"github.com/relink-go/relink/iri"
	"golang.org/x/text/transform"
)

var leiriConv = iri.NewConverter(iri.WithMode(iri.LEIRI))

// iriUnchanged is what iriForm stands for: ToIRI in LEIRI mode returns s
// as it is, and s means by itself what it means in the document.
func iriUnchanged(s string) bool {
	u, err := leiriConv.ToIRI(s)
	return err == nil && u == s && !specialWithoutAuthority(s)
}

// uriUnchanged is what uriForm stands for: ToURI in LEIRI mode returns s
// as it is, and s means by itself what it means in the document.
func uriUnchanged(s string) bool {
	u, err := leiriConv.ToURI(s)
	return err == nil && u == s && !specialWithoutAuthority(s)
}

// TestURIForm checks uriForm on references of every kind: true for URIs
// that the conversion to a URI leaves as they are, false for those that it
// changes or rejects, and for the few it leaves that uriForm leaves to it
// (a host written with escapes, userinfo, an IP literal).
func TestURIForm(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"", true},
		{"a.html", true},
		{"../x/y.html#sec-1.2", true},
		{"#top", true},
		{"?q=1&r=2", true},
		{"/a/b:c@d/", true},
		{"http://example.com/", true},
		{"HTTP://Example.COM:8080/a%20b?c=d/e?f#g?h/i:j", true},
		{"http://example.com:/", true},
		{"file:///usr/share/doc/", true},
		{"mailto:a@example.com", true},
		{"urn:isbn:0451450523", true},
		{"javascript:void(0)", true},
		{"//example.com/a", true},
		{"a+b-c.d:x", true},
		{"http:x", false},        // special without "//": relative to an http base
		{"HTTPS:x", false},       // the same
		{"ftp:/x", false},        // the same
		{"a:b/c", true},          // a scheme
		{"1a:b", false},          // no scheme: ":" in the first segment
		{"./a:b", true},          // ":" after the first segment
		{"a?b:c", true},          // ":" in the query
		{"a#b:c", true},          // ":" in the fragment
		{"a b", false},           // a space
		{"a%2", false},           // an escape cut short
		{"a%zz", false},          // no escape
		{"a%2F%2f", true},        // escapes kept as written
		{"a#b#c", false},         // "#" in the fragment
		{"é.html", false},        // not ASCII
		{"a{b}", false},          // not in a URI
		{"a\\b", false},          // the same
		{"a[b]", false},          // "[" outside an IP literal
		{"http://[::1]/", false}, // an IP literal: left to ToURI
		{"http://u@h/", false},   // userinfo: the same
		{"http://h%41/", false},  // an escaped host: the same
		{"http://h:8a/", false},  // no port
		{"http://h:1:2/", false}, // the same
		{"http://h h/", false},   // a space in the host
		{"http://xn--bcher-kva.example/", true},
	}
	for _, tt := range tests {
		if got := uriForm(tt.s); got != tt.want {
			t.Errorf("uriForm(%q) = %v, want %v", tt.s, got, tt.want)
		}
		if uriForm(tt.s) && !uriUnchanged(tt.s) {
			t.Errorf("uriForm(%q): true, but ToURI changes it", tt.s)
		}
		if iriForm(tt.s) && !iriUnchanged(tt.s) {
			t.Errorf("iriForm(%q): true, but ToIRI changes it", tt.s)
		}
	}
}

// FuzzURIForm checks that uriForm says true of no reference that the
// conversion to a URI changes or rejects.
func FuzzURIForm(f *testing.F) {
	for _, s := range []string{"a.html", "http://example.com:80/a?b#c", "http:x", "a:b", "//h/p", "a%41", "http://[::1]/", "#a#b", "x:y:z", "http://xn--bcher-kva.example/", "http://a.XN--bcher-kva.example/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if uriForm(s) && !uriUnchanged(s) {
			u, err := leiriConv.ToURI(s)
			t.Errorf("uriForm(%q): true, but ToURI gives %q, %v", s, u, err)
		}
		if iriForm(s) && !iriUnchanged(s) {
			u, err := leiriConv.ToIRI(s)
			t.Errorf("iriForm(%q): true, but ToIRI gives %q, %v", s, u, err)
		}
	})
}

// TestCorpusURIForm checks uriForm against the conversion on the values
// of every link of the HTML corpus (when RELINK_CORPUS names it): never
// true where the conversion changes the value, and true for nearly every
// value it leaves, so that rewriting to URIs passes over those with one
// scan.
func TestCorpusURIForm(t *testing.T) {
	same, fast, isame, ifast := 0, 0, 0, 0
	for _, f := range testcorpus.HTML.Files(t) {
		var values []string
		x := extract.NewHTML(extract.Options{Unresolved: true}, func(l *extract.Link) error {
			values = append(values, l.Value)
			return nil
		})
		if _, _, err := transform.Bytes(x, f.Read(t)); err != nil {
			t.Fatal(err)
		}
		for _, v := range values {
			u := uriUnchanged(v)
			if u {
				same++
			}
			if iu := iriUnchanged(v); iu {
				isame++
			}
			if iriForm(v) {
				ifast++
				if !iriUnchanged(v) {
					t.Errorf("%s: iriForm(%q): true, but ToIRI changes it", f.Path, v)
				}
			}
			if uriForm(v) {
				fast++
				if !u {
					t.Errorf("%s: uriForm(%q): true, but ToURI changes it", f.Path, v)
				}
			}
		}
	}
	t.Logf("%d link values in URI form, %d of them seen so by uriForm; %d in IRI form, %d seen so by iriForm", same, fast, isame, ifast)
	if ifast < isame*95/100 {
		t.Errorf("iriForm sees %d of the %d values in IRI form as such, want 95%%", ifast, isame)
	}
	if fast < same*99/100 {
		t.Errorf("uriForm sees %d of the %d values in URI form as such, want 99%%", fast, same)
	}
}
