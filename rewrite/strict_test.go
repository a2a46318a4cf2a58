package rewrite

import (
	"testing"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/extract"
)

// TestStrictText checks that with StrictText a schemeless match is never
// given a scheme, even with Absolute, and is left byte for byte.
func TestStrictText(t *testing.T) {
	const in = "Date.now(), [addons](n-api.md), fs.open, x.sh and https://bücher.de/a\n"
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{To: FormURI, Resolve: ResolveAbsolute, Options: extract.Options{StrictText: true}}, "Date.now(), [addons](n-api.md), fs.open, x.sh and https://xn--bcher-kva.de/a\n"},
		{Options{To: FormIRI, Resolve: ResolveAbsolute, Options: extract.Options{StrictText: true}}, in},
		{Options{To: FormURI, Resolve: ResolveAbsolute}, "http://Date.now(), [addons](http://n-api.md), http://fs.open, http://x.sh and https://xn--bcher-kva.de/a\n"},
	} {
		got, _, err := transform.String(NewText(c.opts), in)
		if err != nil || got != c.want {
			t.Errorf("%+v: got %q, %v; want %q", c.opts, got, err, c.want)
		}
		h := NewHTML(Options{To: c.opts.To, Options: extract.Options{TextLinks: true, StrictText: c.opts.StrictText, Charset: "utf-8"}})
		if c.opts.StrictText {
			if got, _, err := transform.String(h, "<p>"+in); err != nil || got != "<p>"+c.want {
				t.Errorf("HTML %+v: got %q, %v; want %q", c.opts, got, err, "<p>"+c.want)
			}
		}
	}
}
