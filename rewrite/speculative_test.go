package rewrite

import (
	"testing"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
)

// TestSpeculativeNeverRewritten: the speculative links of HTML (data-href,
// data-uri, the URL of a div's or input's onclick) are left as written,
// even when the embedded extract.Options asks for them, while the links of
// HTML around them are made absolute URIs, at every chunk size.
func TestSpeculativeNeverRewritten(t *testing.T) {
	in := `<div data-href="café" onclick="location='café/x'"><a href="café" data-uri="café">a</a>` +
		`<input type=button onclick="window.open('café/y')"><img src=café></div>`
	want := `<div data-href="café" onclick="location='café/x'"><a href="https://ex.org/d/caf%C3%A9" data-uri="café">a</a>` +
		`<input type=button onclick="window.open('café/y')"><img src=https://ex.org/d/caf%C3%A9></div>`
	for _, spec := range []bool{false, true} {
		opts := Options{To: FormURI, Resolve: ResolveAbsolute, Options: extract.Options{BaseURL: "https://ex.org/d/p.html", Speculative: spec}}
		transformtest.Sweep{
			Name: "Speculative " + map[bool]string{false: "off", true: "on"}[spec],
			In:   []byte(in),
			New:  func() transform.Transformer { return NewHTML(opts) },
			Want: []byte(want),
		}.Run(t)
		r := NewHTML(Options{})
		r.ResetOptions(opts)
		if got, _, err := transform.String(r, in); err != nil || got != want {
			t.Errorf("after ResetOptions: %q, %v", got, err)
		}
	}
}
