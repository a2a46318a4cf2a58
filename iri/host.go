package iri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/relink-go/relink/internal/pct"
)

// hostProfile maps an internationalized host to ASCII: UTS #46 mapping,
// nontransitional, with the bidi and joiner rules. As 3987bis section 3.4
// asks, STD3 ASCII rules are off (hosts such as "a_b.example" are in use),
// and so is CheckHyphens, as in the URL Standard ("r4---sn-abc.example").
var hostProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.BidiRule(),
)

// hostToASCII converts the Unicode host h of an IRI to its ASCII form with
// idnaToASCII, and requires the result to be a valid reg-name.
func hostToASCII(h string) (string, error) {
	a, err := idnaToASCII(h)
	if err != nil {
		return "", err
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c >= utf8.RuneSelf || asciiClass[c]&(clsUnreserved|clsSubDelim) == 0 {
			return "", errors.New("host maps to a character not allowed in a URI: " + strconvQuoteByte(c))
		}
	}
	return a, nil
}

// idnaToASCII runs UTS #46 ToASCII (hostProfile) on domain and rejects
// what x/net/idna lets through (golang/go#81116, #58303, and "xn--" alone
// mapping to nothing): an empty result, a label that starts with "xn--"
// but holds non-ASCII characters, and an "xn--" label of the result that
// does not decode and re-encode to itself.
func idnaToASCII(domain string) (string, error) {
	for label := range strings.FieldsFuncSeq(domain, isLabelSeparator) {
		if hasACEPrefix(label) && !isASCII(label) {
			return "", errors.New("non-ASCII characters in punycode label " + strconv.Quote(label))
		}
		if len(label) == 4 && hasACEPrefix(label) {
			// x/net/idna maps it to nothing without an error.
			return "", errors.New(`empty punycode label "` + label + `"`)
		}
	}
	a, err := hostProfile.ToASCII(domain)
	if err != nil {
		return "", err
	}
	if a == "" {
		return "", errors.New("empty host")
	}
	for label := range strings.SplitSeq(a, ".") {
		if !hasACEPrefix(label) {
			continue
		}
		if _, ok := decodeACE(label); !ok {
			return "", errors.New("invalid punycode label " + label)
		}
	}
	return a, nil
}

// isLabelSeparator reports whether r separates labels for UTS #46 (the
// full stop and the characters that map to it).
func isLabelSeparator(r rune) bool {
	return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
}

func strconvQuoteByte(c byte) string {
	if c >= ' ' && c < 0x7f {
		return `"` + string(rune(c)) + `"`
	}
	return "byte 0x" + string(pct.UpperHex[c>>4]) + string(pct.UpperHex[c&15])
}

func hasACEPrefix(label string) bool {
	return len(label) >= 4 && strings.EqualFold(label[:4], "xn--")
}

// decodeACE decodes an "xn--" label to Unicode and reports whether the
// label is a valid A-label: it decodes, the result is not pure ASCII, and
// mapping the result back gives the label (ignoring case).
func decodeACE(label string) (string, bool) {
	u, err := hostProfile.ToUnicode(label)
	if err != nil || u == "" {
		return "", false
	}
	ascii := true
	for i := 0; i < len(u); i++ {
		if u[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return "", false
	}
	back, err := hostProfile.ToASCII(u)
	if err != nil || !strings.EqualFold(back, label) {
		return "", false
	}
	return u, true
}

// DisplayHost returns the form of the host name h of a URL with a DNS
// scheme (http, https, ws, ftp, ...) that ToIRI shows: each "xn--" label
// (h may be in A-labels or in Unicode) in Unicode when it is a valid
// A-label and safe to show, as browsers decide against spoofing: letters
// that look like those of another script ("аррӏе", all Cyrillic), mixed
// scripts ("gօօgle", with Armenian "օ"), characters that look like URL
// syntax ("comノaccounts"), and hosts that look like a well-known domain
// that they are not ("ınstagram.com") stay in A-labels. The policy is
// that of Chromium's omnibox, built on UTS #39 (Unicode Security
// Mechanisms); testdata/chromium-idn/known-differences.tsv lists where it
// is stricter. DisplayHost fails when a Unicode h fails IDNA.
func DisplayHost(h string) (string, error) {
	b, err := defaultConverter.appendIRIHost(nil, h, "http")
	return string(b), err
}

// appendDisplayHost appends the display form of the ASCII host a, which
// has an "xn--" label: each A-label in Unicode when it is valid and
// safeLabel allows it, the other labels as they are. The labels shown in
// Unicode must map back to a as a whole (the Bidi Rule applies to the
// domain, and one label that IDNA rejects fails them all), and the host
// must not look like a top domain that it is not: otherwise a is shown as
// it is.
func appendDisplayHost(b []byte, a string) []byte {
	start := len(b)
	b, unicodeShown := appendDisplayLabels(b, a)
	if !unicodeShown {
		return b
	}
	shown := string(b[start:])
	if back, err := hostToASCII(shown); err != nil || !strings.EqualFold(back, a) {
		return appendRegName(b[:start], a)
	}
	if topDomains.Similar(strings.ToLower(shown)) != "" {
		return appendRegName(b[:start], a)
	}
	return b
}

// appendDisplayLabels appends the labels of the ASCII host a, each
// A-label that displayLabel allows in Unicode, and reports whether it
// showed one so.
func appendDisplayLabels(b []byte, a string) ([]byte, bool) {
	tld, tldU := hostTLD(a)
	unicodeShown := false
	for i, label := range strings.Split(a, ".") {
		if i > 0 {
			b = append(b, '.')
		}
		if hasACEPrefix(label) {
			if u, ok := displayLabel(label, tld, tldU); ok {
				b = append(b, u...)
				unicodeShown = true
				continue
			}
		}
		b = appendRegName(b, label)
	}
	return b, unicodeShown
}

// hostTLD returns the last label of the ASCII host a, in lower case, and
// its Unicode form. As in Chromium, a host that ends with a dot has an
// empty last label, under which no script is at home, and so has a host
// of one label.
func hostTLD(a string) (tld, tldU string) {
	i := strings.LastIndexByte(a, '.')
	if i < 0 {
		return "", ""
	}
	tld = strings.ToLower(a[i+1:])
	tldU = tld
	if hasACEPrefix(tld) {
		if u, ok := decodeACE(tld); ok {
			tldU = u
		}
	}
	return tld, tldU
}

// displayLabel returns the Unicode form of the A-label label and true
// when it is safe to show (RFC 3987 section 3.2 step 6, with the care
// browsers take): it is a valid A-label and safeLabel allows it under the
// top-level domain tld (tldU in Unicode); safeLabel also checks that its
// characters are appropriate for display. The Bidi Rule of RFC 5893
// concerns the whole domain: the caller checks that the displayed host
// maps back to its A-labels.
func displayLabel(label, tld, tldU string) (string, bool) {
	u, ok := decodeACE(label)
	if !ok {
		return "", false
	}
	if !safeLabel(u, tld, tldU) {
		return "", false
	}
	return u, true
}
