package extract_test

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
)

// TestSpoofHostIRI checks that the IRI field, the form of a link to show a
// person, keeps in A-labels the hosts that browsers refuse to show in
// Unicode (iri.DisplayHost), in HTML and in plain text alike, and shows
// the others in Unicode.
func TestSpoofHostIRI(t *testing.T) {
	links := map[string]string{
		"http://xn--80ak6aa92e.com/":        "http://xn--80ak6aa92e.com/", // аррӏе.com
		"http://gօօgle.com/login":           "http://xn--ggle-vifa.com/login",
		"http://ınstagram.com/":             "http://xn--nstagram-skb.com/",
		"http://google.comノaccounts.x.com/": "http://google.xn--comaccounts-4e5j.x.com/",
		"http://xn--bcher-kva.de/":          "http://bücher.de/",
		"http://пример.рф/":                 "http://пример.рф/",
	}
	var page, text strings.Builder
	for in := range links {
		page.WriteString(`<a href="` + in + `">x</a>`)
		text.WriteString(in + " \n")
	}
	got := map[string]string{}
	record := func(l *extract.Link) error {
		got[l.Href] = l.IRI
		return nil
	}
	check := func(kind string) {
		t.Helper()
		for in, want := range links {
			found := false
			for _, iri := range got {
				if iri == want {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no link with IRI %s (from %s); got %v", kind, want, in, got)
			}
		}
	}
	if _, err := extract.NewHTML(extract.Options{}, record).ReadFrom(strings.NewReader(page.String())); err != nil {
		t.Fatal(err)
	}
	check("HTML")
	got = map[string]string{}
	if _, err := extract.NewText(extract.Options{}, record).ReadFrom(strings.NewReader(text.String())); err != nil {
		t.Fatal(err)
	}
	check("text")
}
