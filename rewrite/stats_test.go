package rewrite

import (
	"testing"

	"github.com/relink-go/relink/extract"
	"golang.org/x/text/transform"
)

// TestStatsInvalid checks Stats.Invalid: the links left as written because
// the URL Standard's parser rejects them, in each type of document; a
// link that needs no change is not counted, valid or not.
func TestStatsInvalid(t *testing.T) {
	tests := []struct {
		typ  extract.Type
		opts Options
		doc  string
		want Stats
	}{
		{extract.TypeHTML, Options{To: FormURI}, `<a href="http://a b/">x</a><a href="http://[bad/">y</a><a href="ü">z</a>`,
			Stats{Links: 3, Rewritten: 1, Kept: 2, Invalid: 2}},
		{extract.TypeHTML, Options{To: FormURI, Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "http://e/"}}, `<a href="http://a b/">x</a><a href=y>y</a>`,
			Stats{Links: 2, Rewritten: 1, Kept: 1, Invalid: 1}},
		{extract.TypeCSS, Options{To: FormURI}, `a{b:url("http://a b/")}`, Stats{Links: 1, Kept: 1, Invalid: 1}},
		{extract.TypeMarkdown, Options{To: FormURI}, "[a](<http://a b/>) [b](ü)\n", Stats{Links: 2, Rewritten: 1, Kept: 1, Invalid: 1}},
		{extract.TypeText, Options{To: FormURI}, "see http://a\u200db.example/ and http://ü.example/\n", Stats{Links: 2, Rewritten: 1, Kept: 1, Invalid: 1}},
	}
	for _, tt := range tests {
		r := New(tt.typ, tt.opts)
		if _, _, err := transform.String(r, tt.doc); err != nil {
			t.Fatal(err)
		}
		if got := r.Stats(); got != tt.want {
			t.Errorf("%v %q: %+v, want %+v", tt.typ, tt.doc, got, tt.want)
		}
	}
}
