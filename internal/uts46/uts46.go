// Package uts46 maps internationalized domain names with UTS #46
// processing (golang.org/x/net/idna), configured as RFC 3987 section 3.4
// and the URL Standard's "domain to ASCII" both ask, and adds the checks
// that golang.org/x/net/idna misses. Package iri maps the hosts of IRIs
// with it, package weburl the domains of URLs.
package uts46

import (
	"errors"
	"strconv"
	"strings"

	"golang.org/x/net/idna"

	"github.com/relink-go/relink/internal/pct"
)

// profile maps an internationalized host to ASCII: UTS #46 mapping,
// nontransitional, with the bidi and joiner rules. As 3987bis section 3.4
// asks, STD3 ASCII rules are off (hosts such as "a_b.example" are in use),
// and so is CheckHyphens, as in the URL Standard ("r4---sn-abc.example").
var profile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.BidiRule(),
)

// ToASCII runs UTS #46 ToASCII on domain and rejects what x/net/idna lets
// through (golang/go#81116, #58303, and "xn--" alone mapping to nothing):
// an empty result, a label that starts with "xn--" but holds non-ASCII
// characters, and an "xn--" label of the result that does not decode and
// re-encode to itself. On an error the string is "".
func ToASCII(domain string) (string, error) {
	for label := range strings.FieldsFuncSeq(domain, IsLabelSeparator) {
		if HasACEPrefix(label) && !pct.IsASCII(label) {
			return "", errors.New("non-ASCII characters in punycode label " + strconv.Quote(label))
		}
		if len(label) == 4 && HasACEPrefix(label) {
			// x/net/idna maps it to nothing without an error.
			return "", errors.New(`empty punycode label "` + label + `"`)
		}
	}
	a, err := profile.ToASCII(domain)
	if err != nil {
		return "", err
	}
	if a == "" {
		return "", errors.New("empty host")
	}
	for label := range strings.SplitSeq(a, ".") {
		if !HasACEPrefix(label) {
			continue
		}
		if _, ok := DecodeALabel(label); !ok {
			return "", errors.New("invalid punycode label " + label)
		}
	}
	return a, nil
}

// ToUnicode runs UTS #46 ToUnicode on domain with the profile ToASCII
// uses. As in golang.org/x/net/idna, on an error the string is what could
// be converted: do not take it for a valid name.
func ToUnicode(domain string) (string, error) { return profile.ToUnicode(domain) }

// IsLabelSeparator reports whether r separates labels for UTS #46 (the
// full stop and the characters that map to it).
func IsLabelSeparator(r rune) bool {
	return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
}

// HasACEPrefix reports whether label starts with "xn--", in any case.
func HasACEPrefix(label string) bool {
	return len(label) >= 4 && strings.EqualFold(label[:4], "xn--")
}

// DecodeALabel decodes an "xn--" label to Unicode and reports whether the
// label is a valid A-label: it decodes, the result is not pure ASCII, and
// mapping the result back gives the label (ignoring case).
func DecodeALabel(label string) (string, bool) {
	u, err := profile.ToUnicode(label)
	if err != nil || u == "" || pct.IsASCII(u) {
		return "", false
	}
	back, err := profile.ToASCII(u)
	if err != nil || !strings.EqualFold(back, label) {
		return "", false
	}
	return u, true
}
