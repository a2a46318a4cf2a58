package iri

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/uts46"
)

// hostToASCII converts the Unicode host h of an IRI to its ASCII form with
// uts46.ToASCII, and requires the result to be a valid reg-name.
func hostToASCII(h string) (string, error) {
	a, err := uts46.ToASCII(h)
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

func strconvQuoteByte(c byte) string {
	if c >= ' ' && c < 0x7f {
		return `"` + string(rune(c)) + `"`
	}
	return "byte 0x" + string(pct.UpperHex[c>>4]) + string(pct.UpperHex[c&15])
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
		if uts46.HasACEPrefix(label) {
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
	if uts46.HasACEPrefix(tld) {
		if u, ok := uts46.DecodeALabel(tld); ok {
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
	u, ok := uts46.DecodeALabel(label)
	if !ok {
		return "", false
	}
	if !safeLabel(u, tld, tldU) {
		return "", false
	}
	return u, true
}
