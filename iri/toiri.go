package iri

import (
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/internal/uts46"
)

// ToIRI maps the URI (or IRI) reference s to the IRI a person should see
// (3987bis section 3.7), component by component:
//
//   - a run of "%XX" is decoded where it forms strictly valid UTF-8 (no
//     overlong forms such as "%C0%AF", no surrogates) and the characters
//     are appropriate in an IRI there; everything else stays encoded: "%25",
//     the reserved characters, ASCII that a URI does not allow, bytes that
//     are not UTF-8 ("D%FCrst"), and characters not appropriate for
//     display, as Chromium keeps them and stricter (see showRune): bidi
//     formatting characters, controls, white space and blanks such as
//     U+2800, format characters (ZWJ and ZWNJ too), default-ignorable code
//     points, noncharacters, tags, unassigned code points, private use
//     outside the query, lock icons, and characters that look like URI
//     syntax by UTS #39 such as U+2215 DIVISION SLASH and U+FF0E FULLWIDTH
//     FULL STOP; a look-alike that is a letter, digit or mark of a
//     non-Latin script (Katakana "ノ", Devanagari visarga) is shown in a
//     path, query or fragment only when no neighbouring letter or digit is
//     foreign to its script (a run of look-alikes is decided as a whole),
//     and never in the userinfo;
//   - "%XX" for an unreserved ASCII character other than "." is decoded
//     ("%7E" becomes "~"); "." stays encoded so that no dot segment
//     appears;
//   - raw characters that are not appropriate are percent-encoded, so the
//     result is safe to show whatever the input;
//   - the "xn--" labels of a DNS host become Unicode only when safe to
//     show: valid IDNA, the bidi rule, and the display policy that
//     browsers apply against spoofing (see DisplayHost); otherwise the
//     A-label stays. A raw Unicode host is checked the same way through
//     its A-label. A percent-encoded host of a DNS scheme is left as it
//     is;
//   - in Web mode, a reference with a scheme is first parsed as the URL
//     Standard does (package weburl), so the display form shows the URL a
//     browser requests; ASCII characters the standard leaves unencoded stay
//     as they are;
//   - with a legacy document charset (WithCharset), the query of a
//     reference whose query uses that charset is left exactly as written:
//     decoding it as UTF-8 would change the URL a browser requests.
//
// For a valid URI u, ToURI(ToIRI(u)) equals u up to the case of hex digits
// and of host names, and the decoded unreserved characters (RFC 3986
// section 6.2.2). ToIRI fails only when s is not acceptable in the
// converter's mode, or when a raw Unicode host fails IDNA; the error is an
// *Error, or in Web mode, where the URL Standard's parser fails, a
// *weburl.Error. When nothing needs to change, it returns s itself
// without allocating.
func (c *Converter) ToIRI(s string) (string, error) {
	var r Reference
	in := s
	webURL := false
	if c.mode == Web {
		href, ok, err := c.webHref(s)
		if err != nil {
			return "", err
		}
		if !ok {
			// A relative reference as a browser encodes it.
			if href, err = c.webRelative(s); err != nil {
				return "", err
			}
		}
		// The URL Standard's form is final: no preprocessing, no
		// validation ("100%" keeps its "%", as browsers send it).
		s, webURL = href, true
		split(s, &r)
	}
	if !webURL {
		var err error
		if s, err = c.mode.parse(s, &r); err != nil {
			return "", opError("toiri", err)
		}
	}
	var err error
	if c.iriClean(&r) {
		return s, nil
	}
	b := make([]byte, 0, len(s)+8)
	if r.Scheme != "" {
		b = append(b, r.Scheme...)
		b = append(b, ':')
	}
	if r.HasAuthority {
		b = append(b, "//"...)
		if r.HasUserinfo {
			b = c.appendIRIComponent(b, r.Userinfo, compUserinfo)
			b = append(b, '@')
		}
		b, err = c.appendIRIHost(b, r.Host, r.Scheme)
		if err != nil {
			return "", &Error{Op: "toiri", Mode: c.mode, Input: in, Offset: -1, Err: err}
		}
		if r.HasPort {
			b = append(b, ':')
			b = append(b, r.Port...)
		}
	}
	b = c.appendIRIComponent(b, r.Path, compPath)
	if r.HasQuery {
		b = append(b, '?')
		if c.charset != nil && queryUsesCharset(r.Scheme, c.mode) {
			b = append(b, r.Query...)
		} else {
			b = c.appendIRIComponent(b, r.Query, compQuery)
		}
	}
	if r.HasFragment {
		b = append(b, '#')
		b = c.appendIRIComponent(b, r.Fragment, compFragment)
	}
	return string(b), nil
}

// iriClean reports whether ToIRI would return the reference unchanged
// because it has no percent-encoding, no non-ASCII and no "xn--" label.
func (c *Converter) iriClean(r *Reference) bool {
	if r.HasAuthority && !strings.HasPrefix(r.Host, "[") {
		h := r.Host
		for i := 0; i < len(h); i++ {
			if c := h[i]; c == '%' || c >= utf8.RuneSelf || !allowedASCII(c, compHost) {
				return false
			}
		}
		if hasACELabel(h) {
			return false
		}
	}
	return c.iriCleanComponent(r.Userinfo, compUserinfo) &&
		c.iriCleanComponent(r.Path, compPath) &&
		c.iriCleanComponent(r.Query, compQuery) &&
		c.iriCleanComponent(r.Fragment, compFragment)
}

func (c *Converter) iriCleanComponent(s string, comp component) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b >= utf8.RuneSelf || b == '%' && (c.mode != Web || pct.IsEncoded(s, i)) {
			return false
		}
		if !allowedASCII(b, comp) && !(comp == compFragment && b == '#') && !(c.mode == Web && webRaw(b, comp)) {
			return false
		}
	}
	return true
}

// webRaw reports whether the URL Standard leaves the ASCII byte c
// unencoded in component comp, so that a Web-mode display form keeps it
// (encoding it would change the URL a browser requests). A "%" that does
// not start an escape is such a byte.
func webRaw(c byte, comp component) bool {
	switch comp {
	case compPath:
		return !urlstd.InSet(c, urlstd.Path)
	case compQuery:
		return !urlstd.InSet(c, urlstd.SpecialQuery)
	case compFragment:
		return !urlstd.InSet(c, urlstd.Fragment)
	case compUserinfo:
		return !urlstd.InSet(c, urlstd.Userinfo)
	}
	return false
}

// appendIRIComponent appends the display form of the component s.
func (c *Converter) appendIRIComponent(b []byte, s string, comp component) []byte {
	var buf [64]byte
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch == '%' && pct.IsEncoded(s, i):
			// Decode the whole run of escapes, then decide octet by octet.
			oct, j := appendUnescaped(buf[:0], s, i)
			b = appendDecodedOctets(b, s, i, j, oct, comp)
			i = j
		case ch < utf8.RuneSelf:
			if allowedASCII(ch, comp) || (comp == compFragment && ch == '#') ||
				(c.mode == Web && webRaw(ch, comp)) {
				b = append(b, ch)
			} else {
				b = pct.Append(b, ch)
			}
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || !showAt(r, comp, s, i, i+n) {
				for k := 0; k < n; k++ {
					b = pct.Append(b, s[i+k])
				}
			} else {
				b = append(b, s[i:i+n]...)
			}
			i += n
		}
	}
	return b
}

// appendDecodedOctets appends the display form of a run of escapes
// s[start:end] ("%C3%BC%2F") of the component s: oct are the octets they
// encode.
func appendDecodedOctets(b []byte, s string, start, end int, oct []byte, comp component) []byte {
	orig := s[start:end]
	for k := 0; k < len(oct); {
		o := oct[k]
		if o < utf8.RuneSelf {
			if asciiClass[o]&clsUnreserved != 0 && o != '.' {
				b = append(b, o)
			} else {
				b = append(b, orig[3*k:3*k+3]...) // kept as written
			}
			k++
			continue
		}
		r, n := utf8.DecodeRune(oct[k:])
		if r == utf8.RuneError && n <= 1 {
			b = pct.Append(b, o)
			k++
			continue
		}
		if showAt(r, comp, s, start+3*k, start+3*(k+n)) {
			b = append(b, oct[k:k+n]...)
		} else {
			for _, o := range oct[k : k+n] {
				b = pct.Append(b, o)
			}
		}
		k += n
	}
	return b
}

// appendIRIHost appends the display form of the host h.
func (c *Converter) appendIRIHost(b []byte, h, scheme string) ([]byte, error) {
	if strings.HasPrefix(h, "[") {
		return append(b, h...), nil
	}
	if !isDNSScheme(scheme) {
		return c.appendIRIComponent(b, h, compHost), nil
	}
	if strings.IndexByte(h, '%') >= 0 {
		// Decoding would make ToURI produce the A-label instead: keep the
		// escapes, and encode whatever else is raw, so that nothing
		// unsafe shows (ToURI decodes both alike).
		return appendRegName(b, h), nil
	}
	a := h
	for i := 0; i < len(h); i++ {
		if h[i] >= utf8.RuneSelf {
			var err error
			if a, err = hostToASCII(h); err != nil {
				return nil, &hostError{host: h, err: err}
			}
			break
		}
	}
	if !hasACELabel(a) {
		return appendRegName(b, a), nil
	}
	return appendDisplayHost(b, a), nil
}

// hasACELabel reports whether one of the labels of the host h starts with
// "xn--" in any case.
func hasACELabel(h string) bool {
	for i := 0; i+4 <= len(h); i++ {
		if (i == 0 || h[i-1] == '.') && uts46.HasACEPrefix(h[i:]) {
			return true
		}
	}
	return false
}

// appendRegName appends the host h with its escapes kept and every other
// character that a reg-name does not allow percent-encoded.
func appendRegName(b []byte, h string) []byte {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c < utf8.RuneSelf && (allowedASCII(c, compHost) || pct.IsEncoded(h, i)) {
			b = append(b, c)
		} else {
			b = pct.Append(b, c)
		}
	}
	return b
}
