package weburl

import (
	"testing"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/pct"
)

// FuzzParse checks the URL Standard parser's invariants: it never
// panics; a parsed URL's href is ASCII when the input is valid UTF-8 (the
// host is ASCII after IDNA and every other component percent-encodes
// non-ASCII); the href parses again, to itself (serialization is
// idempotent); and the component accessors partition the href.
func FuzzParse(f *testing.F) {
	for _, c := range loadWPT[wptURLCase](f, "urltestdata.json") {
		f.Add(c.Input, deref(c.Base))
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var b *URL
		if base != "<nil>" {
			b, _ = Parse(base, nil)
		}
		u, err := Parse(input, b)
		if err != nil {
			return
		}
		href := u.String()
		if utf8.ValidString(input) && !pct.IsASCII(href) {
			t.Errorf("Parse(%q, %q) = %q: not ASCII", input, base, href)
		}
		v, err := Parse(href, nil)
		if err != nil {
			t.Fatalf("Parse(%q, %q) = %q, which does not parse: %v", input, base, href, err)
		}
		if v.String() != href {
			t.Errorf("Parse(%q) = %q, want itself (from input %q, base %q)", href, v.String(), input, base)
		}
		parts := u.Protocol()
		if u.HasHost() {
			parts += "//"
			if u.Username() != "" || u.Password() != "" {
				parts += u.Username()
				if u.Password() != "" {
					parts += ":" + u.Password()
				}
				parts += "@"
			}
			parts += u.Host()
		} else if !u.HasOpaquePath() && len(u.Pathname()) > 1 && u.Pathname()[1] == '/' {
			parts += "/."
		}
		parts += u.Pathname()
		if q, ok := u.Query(); ok {
			parts += "?" + q
		}
		if fr, ok := u.Fragment(); ok {
			parts += "#" + fr
		}
		if parts != href {
			t.Errorf("components of %q reassemble to %q", href, parts)
		}
	})
}
