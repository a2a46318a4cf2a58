package extract

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/transformtest"
)

// TestSpeculative: Options.Speculative reports data-href and data-uri of any
// element and the URL of the onclick of div and input (the two forms of
// htmlattr.ParseOnclick), in document order with the other links (an a element's href, with its
// text, before the links of its other attributes), role
// speculative, value decoded, span and position those of the URL as
// written, at every chunk size; without it none is reported, and the other
// links are the same.
func TestSpeculative(t *testing.T) {
	doc := "<html><body>\n" +
		`<div data-href="/d1.html" class=x>a</div>` + "\n" +
		`<a href="/a.html" data-uri="urn:x:1">t</a>` +
		`<div onclick="location.href=&#39;/next?a=1&amp;b=2&#39;">n</div>` +
		`<input type=button onclick='window.open("https://pop.example/", "_blank"); return false'>` +
		`<span onclick="location='/not-span.html'">s</span>` +
		`<div onclick="go('/not-a-form.html')">g</div>` +
		`<img src=i.png data-href=" /spaced.html ">` +
		`<button onclick="location='/not-button.html'">b</button>`
	type got struct {
		tag, attr, value, raw, href string
		role                        htmlattr.Role
		kind                        htmlattr.Kind
		line, col                   int
	}
	want := []got{
		{"div", "data-href", "/d1.html", "/d1.html", "https://example.com/d1.html", htmlattr.RoleSpeculative, htmlattr.KindURL, 2, 17},
		{"a", "href", "/a.html", "/a.html", "https://example.com/a.html", htmlattr.RoleHyperlink, htmlattr.KindURL, 3, 10},
		{"a", "data-uri", "urn:x:1", "urn:x:1", "urn:x:1", htmlattr.RoleSpeculative, htmlattr.KindURL, 3, 29},
		{"div", "onclick", "/next?a=1&b=2", "/next?a=1&amp;b=2", "https://example.com/next?a=1&b=2", htmlattr.RoleSpeculative, htmlattr.KindOnclick, 3, 76},
		{"input", "onclick", "https://pop.example/", "https://pop.example/", "https://pop.example/", htmlattr.RoleSpeculative, htmlattr.KindOnclick, 3, 148},
		{"img", "src", "i.png", "i.png", "https://example.com/i.png", htmlattr.RoleResource, htmlattr.KindURL, 3, 300},
		{"img", "data-href", "/spaced.html", "/spaced.html", "https://example.com/spaced.html", htmlattr.RoleSpeculative, htmlattr.KindURL, 3, 318},
	}
	for _, spec := range []bool{false, true} {
		w := want
		if !spec {
			w = nil
			for _, l := range want {
				if l.role != htmlattr.RoleSpeculative {
					w = append(w, l)
				}
			}
		}
		var links []got
		transformtest.Sweep{
			Name: fmt.Sprintf("Speculative %v", spec),
			In:   []byte(doc),
			New: func() transform.Transformer {
				links = nil
				return NewHTML(Options{BaseURL: "https://example.com/", Speculative: spec}, func(l *Link) error {
					links = append(links, got{l.Tag, l.Attr, l.Value, doc[l.Start:l.End], l.Href, l.Role, l.Kind, l.Line, l.Column})
					return nil
				})
			},
			Check: func([]byte) error {
				if fmt.Sprint(links) != fmt.Sprint(w) {
					return fmt.Errorf("links\n%v\nwant\n%v", links, w)
				}
				return nil
			},
		}.Run(t)
	}
	// The columns above are those of the document.
	for _, l := range want {
		line := strings.Split(doc, "\n")[l.line-1]
		if !strings.HasPrefix(line[l.col-1:], l.raw) {
			t.Errorf("%s@%s: column %d of line %d is not %q", l.tag, l.attr, l.col, l.line, l.raw)
		}
	}
}
