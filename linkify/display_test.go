package linkify

import (
	"strings"
	"testing"
)

// TestLinkifyDisplaySafety: the visible text of a link is iri.ToIRI's
// display form, so a look-alike of URI syntax, an invisible character or
// a lock icon stays percent-encoded there, while ordinary text in other
// scripts is shown decoded (issue 11, "Display safety").
func TestLinkifyDisplaySafety(t *testing.T) {
	for _, tt := range []struct{ in, text string }{
		{"see http://evil.example/google.com%E3%83%8Eaccounts/x now",
			">http://evil.example/google.com%E3%83%8Eaccounts/x<"},
		{"see http://evil.example/%F0%9F%94%92/login now", ">http://evil.example/%F0%9F%94%92/login<"},
		{"see http://evil.example/a%E2%88%95b%E2%80%8Dc now", ">http://evil.example/a%E2%88%95b%E2%80%8Dc<"},
		{"see https://ja.wikipedia.org/wiki/%E3%83%8E%E3%83%BC%E3%83%88 now", ">https://ja.wikipedia.org/wiki/ノート<"},
	} {
		got := String(tt.in, Options{})
		if !strings.Contains(got, tt.text) {
			t.Errorf("String(%q) = %q; want the link text %q", tt.in, got, tt.text)
		}
	}
}
