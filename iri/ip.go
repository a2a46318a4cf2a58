package iri

import (
	"net/netip"
	"strings"

	"github.com/relink-go/relink/internal/pct"
)

// validIPLiteral reports whether s, the text between "[" and "]", is an
// IPv6address or an IPvFuture (RFC 3986 section 3.2.2). Zone identifiers
// are not part of the grammar and are rejected.
func validIPLiteral(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == 'v' || s[0] == 'V' {
		dot := strings.IndexByte(s, '.')
		if dot < 2 || dot == len(s)-1 {
			return false
		}
		for i := 1; i < dot; i++ {
			if !pct.IsHex(s[i]) {
				return false
			}
		}
		for i := dot + 1; i < len(s); i++ {
			c := s[i]
			if c >= 0x80 || (asciiClass[c]&(clsUnreserved|clsSubDelim) == 0 && c != ':') {
				return false
			}
		}
		return true
	}
	if strings.IndexByte(s, '%') >= 0 {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}
