package iri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/pct"
)

// A Level is a rung of the comparison ladder of 3987bis section 5.3
// (RFC 3986 section 6.2). Each level applies every normalization of the
// levels below it and some more, so references equivalent at one level are
// equivalent at every higher level; climbing the ladder costs more work and
// gives fewer false negatives. No level ever gives a false positive: two
// references that normalize to the same string identify the same resource
// under the rules of the level.
//
// No level applies Unicode normalization (NFC, NFKC) or case folding to
// the characters of an IRI: 3987bis section 5.3.2.2 says that IRIs already
// in Unicode MUST NOT be normalized, and equivalence relies on their having
// been created in NFC. "ré" written with U+00E9 and "ré" written with "e"
// and U+0301 stay different at every level, in every component but one:
// the host of a DNS scheme, which SchemeBased compares in its A-label form,
// and IDNA's mapping (UTS #46) includes NFC and case folding.
type Level uint8

const (
	// SimpleString is simple string comparison (section 5.3.1): the
	// reference is its own normal form, character for character. It is
	// the comparison to use for identifiers that are only compared, never
	// dereferenced, such as XML namespace names.
	SimpleString Level = iota

	// SyntaxBased is syntax-based normalization (section 5.3.2), which
	// needs only the generic syntax:
	//
	//   - the scheme is lowercased, and so is the host when it is made of
	//     ASCII characters only (an IP literal included); a host with
	//     non-ASCII characters is left as it is, ASCII letters included
	//     (section 5.3.2.1: case folding of non-ASCII is scheme-based);
	//   - the hex digits of percent-encodings are uppercased ("%3a" becomes
	//     "%3A") and a percent-encoded unreserved ASCII character (letters,
	//     digits, "-", ".", "_", "~") is decoded ("%7e" becomes "~");
	//     nothing else is decoded: "%2f" becomes "%2F", not "/" (section
	//     5.3.2.3);
	//   - remove_dot_segments (RFC 3986 section 5.2.4) is applied to the
	//     path after that decoding, so that "%2E%2E" counts as ".."
	//     (section 5.3.2.4). The path of a relative-path reference ("a/../b"
	//     without a scheme or authority) keeps its dot segments, which mean
	//     something only once the reference is resolved (section 5.1);
	//     resolve references before comparing them. A path without an
	//     authority that would begin with "//" gets the prefix "/." so that
	//     it is not read as an authority.
	//
	// Empty components and their delimiters are kept: "http://h/?" and
	// "http://h/#" are not equivalent to "http://h/" at any level.
	SyntaxBased

	// SchemeBased is scheme-based normalization (section 5.3.3): the
	// syntax-based normalization, then
	//
	//   - an empty port is removed ("http://h:/" becomes "http://h/"),
	//     and leading zeros are removed from a port;
	//   - the default port of a known scheme is removed: http 80, https
	//     443, ws 80, wss 443, ftp 21, gopher 70, ldap 389, nntp 119,
	//     news 119, telnet 23, imap 143, pop 110, rtsp 554, rtsps 322,
	//     coap 5683, coaps 5684 (the ports their RFCs define);
	//   - an empty path becomes "/" for http, https, ws, wss, ftp and
	//     file, whose specifications make the two equal (RFC 9110 section
	//     4.2.3, RFC 6455 section 3, RFC 1738 section 3.2, RFC 8089); other
	//     schemes keep an empty path, which may mean something else;
	//   - "file://localhost/" becomes "file:///" (RFC 8089 section 2 makes
	//     "localhost" the default authority, and 3987bis prefers the empty
	//     one);
	//   - the host of a scheme that uses DNS names (see ToURI), raw Unicode
	//     or percent-encoded UTF-8, is replaced by its A-label form with
	//     UTS #46 ToASCII, so "résumé.example.org",
	//     "r%C3%A9sum%C3%A9.example.org", "RÉSUMÉ.example.org" and
	//     "xn--rsum-bpad.example.org" are equivalent; a host that IDNA
	//     rejects is an error. Hosts of other schemes are left as they are.
	//
	// Nothing else changes: the result is still an IRI (its path, query and
	// fragment keep their Unicode characters), and the empty query and
	// fragment stay (RFC 3986 section 6.2.3: "http://example.com/?" is not
	// necessarily "http://example.com/").
	SchemeBased

	// MappedToURI is SchemeBased applied to the URI that the IRI maps to
	// (ToURI with UTF-8 queries): an IRI and its URI are equivalent, so
	// "http://h/ü" and "http://h/%C3%BC" (and "%c3%bc") compare equal.
	// Section 5.3.2.3 describes this comparison as a way of aligning
	// percent-encoding; it sits at the top of the ladder because the
	// mapping needs the scheme (IDNA for DNS hosts), because section 5.3.1
	// forbids it for simple comparison, and because its normal form is a
	// URI, not the IRI: use it for comparison and for requests, never to
	// rewrite what a person reads. A link from a document in a legacy
	// charset should first be mapped by a Converter with that charset
	// (WithCharset), whose URI is then its own mapping. Once mapped, RFC 3986 applies to the
	// ASCII result, so the percent-encoded host of a scheme that does not
	// use DNS is lowercased outside its escapes ("foo://Résumé/" and
	// "foo://résumé/" become equivalent, "foo://RÉSUMÉ/" does not).
	MappedToURI
)

var levelNames = [...]string{
	SimpleString: "simple-string",
	SyntaxBased:  "syntax-based",
	SchemeBased:  "scheme-based",
	MappedToURI:  "mapped-to-uri",
}

// String returns the level's name, as ParseLevel reads it.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// ParseLevel returns the Level named s: "simple-string", "syntax-based",
// "scheme-based" or "mapped-to-uri", or one of the short forms "simple",
// "syntax", "scheme" and "uri". Case does not matter.
func ParseLevel(s string) (Level, error) {
	for l, name := range levelNames {
		short, _, _ := strings.Cut(name, "-")
		if l == int(MappedToURI) {
			short = "uri"
		}
		if strings.EqualFold(s, name) || strings.EqualFold(s, short) {
			return Level(l), nil
		}
	}
	return 0, errors.New("iri: unknown normalization level " + strconv.Quote(s) +
		" (want simple-string, syntax-based, scheme-based or mapped-to-uri)")
}

// ErrLevel is wrapped by the error of a normalization asked for with a
// Level that does not exist.
var ErrLevel = errors.New("unknown normalization level")

// Normalize returns the normal form of the IRI reference s at the given
// level, parsing s in LEIRI mode. See Converter.Normalize.
func Normalize(s string, level Level) (string, error) { return defaultConverter.Normalize(s, level) }

// Equivalent reports whether the IRI references a and b are equivalent at
// the given level, parsing them in LEIRI mode. See Converter.Equivalent.
func Equivalent(a, b string, level Level) (bool, error) {
	return defaultConverter.Equivalent(a, b, level)
}

// Normalize parses s in the converter's mode and returns its normal form
// at the given level (see Level for the rules of each). Normalization is
// idempotent: the normal form is its own normal form, at its level and at
// every level below it. When s is already in normal form, Normalize
// returns s itself without allocating (in Web mode, the preprocessed s).
//
// The ladder is the one of RFC 3987 and RFC 3986 in every mode: in Web
// mode s gets the preprocessing of Parse, but it is not parsed as the URL
// Standard would parse it (use ToURI, or package weburl, for the URL a
// browser requests, whose href is already normalized the standard's way).
//
// Normalize fails when s is not acceptable in the converter's mode, when
// a host must go through IDNA and IDNA rejects it (SchemeBased and
// MappedToURI), and for an unknown level (ErrLevel); the error is an
// *Error. The converter's charset plays no part.
func (c *Converter) Normalize(s string, level Level) (string, error) {
	return c.mode.normalize(s, level)
}

// Equivalent reports whether a and b, parsed in the converter's mode,
// have the same normal form at the given level. Following section 5.1,
// compare absolute IRIs: resolve relative references first (ParseBase),
// and compare without fragments (a canon.Canonicalizer with RemoveFragment)
// when the question is whether a request would fetch the same resource.
// The error is the one Normalize returns for a or b.
func (c *Converter) Equivalent(a, b string, level Level) (bool, error) {
	return c.mode.equivalent(a, b, level)
}

// ParseNormal parses s in the converter's mode into r, a Reference the
// caller owns, and normalizes r in place at the given level: r then holds
// the components of the normal form that Normalize returns, substrings of
// s where they did not change. It reports whether that normal form differs
// from s: when it does not, s is the normal form, and nothing was
// allocated; when it does, r.String() gives it. It is Normalize for a
// caller that works on the components next, as package iri/canon does,
// parsing once (a *Reference from Parse would be a second parse, of the
// normal form). The error is the one Normalize returns.
func (c *Converter) ParseNormal(r *Reference, s string, level Level) (changed bool, err error) {
	t, changed, err := c.mode.parseNormal(r, s, level)
	return changed || t != s, err
}

// normalize is Normalize in mode m.
func (m Mode) normalize(s string, level Level) (string, error) {
	var r Reference
	t, changed, err := m.parseNormal(&r, s, level)
	if err != nil {
		return "", err
	}
	if !changed {
		return t, nil
	}
	return r.String(), nil
}

// parseNormal parses s in mode m into r and normalizes r at level. It
// returns the string r's components were parsed from (s, or in Web mode s
// preprocessed) and whether normalization changed any of them.
func (m Mode) parseNormal(r *Reference, s string, level Level) (t string, changed bool, err error) {
	if level > MappedToURI {
		return "", false, &Error{Op: "normalize", Mode: m, Input: s, Offset: -1, Err: ErrLevel}
	}
	t, err = m.parse(s, r)
	if err != nil {
		return "", false, opError("normalize", err)
	}
	changed, err = normalizeRef(r, level)
	if err != nil {
		return "", false, &Error{Op: "normalize", Mode: m, Input: s, Offset: -1, Err: err}
	}
	return t, changed, nil
}

// equivalent is Equivalent in mode m.
func (m Mode) equivalent(a, b string, level Level) (bool, error) {
	if level == SimpleString {
		var r Reference
		ta, err := m.parse(a, &r)
		if err != nil {
			return false, opError("normalize", err)
		}
		tb, err := m.parse(b, &r)
		if err != nil {
			return false, opError("normalize", err)
		}
		return ta == tb, nil
	}
	na, err := m.normalize(a, level)
	if err != nil {
		return false, err
	}
	nb, err := m.normalize(b, level)
	if err != nil {
		return false, err
	}
	return na == nb, nil
}

// Normalize returns a new Reference holding the normal form of r at the
// given level (see Level); r is not changed. The components of r are not
// validated again: a Reference returned by Parse in any mode is accepted,
// and so is one built by hand. The error is an *Error, for the reasons
// Converter.Normalize gives.
func (r *Reference) Normalize(level Level) (*Reference, error) {
	t := *r
	if level > MappedToURI {
		return nil, &Error{Op: "normalize", Input: r.String(), Offset: -1, Err: ErrLevel}
	}
	if _, err := normalizeRef(&t, level); err != nil {
		return nil, &Error{Op: "normalize", Input: r.String(), Offset: -1, Err: err}
	}
	return &t, nil
}

// normalizeRef replaces the components of r by their normal form at level
// and reports whether any changed. A component that does not change keeps
// its string, so nothing is allocated for a reference already normalized.
func normalizeRef(r *Reference, level Level) (bool, error) {
	switch level {
	case SimpleString:
		return false, nil
	case SyntaxBased:
		return normalizeSyntax(r), nil
	case SchemeBased:
		changed := normalizeSyntax(r)
		c, err := normalizeScheme(r)
		return changed || c, err
	}
	changed, err := normalizeRef(r, SchemeBased)
	if err != nil {
		return false, err
	}
	mapped, err := mapRefToURI(r)
	if err != nil || !mapped {
		return changed, err
	}
	// The URI has new escapes (and, for hosts of non-DNS schemes, new
	// ASCII letters to lowercase): normalize it again. A second mapping
	// would change nothing, since ToURI is the identity on URIs and
	// normalizing a URI gives a URI.
	_, err = normalizeRef(r, SchemeBased)
	return true, err
}

// normalizeSyntax applies the syntax-based normalization of Level
// SyntaxBased to r in place and reports whether anything changed.
func normalizeSyntax(r *Reference) bool {
	changed := false
	if s, c := lowerASCII(r.Scheme); c {
		r.Scheme, changed = s, true
	}
	if r.HasUserinfo {
		if s, c := normPct(r.Userinfo); c {
			r.Userinfo, changed = s, true
		}
	}
	if r.HasAuthority {
		if s, c := normSyntaxHost(r.Host); c {
			r.Host, changed = s, true
		}
	}
	if s, c := normPct(r.Path); c {
		r.Path, changed = s, true
	}
	if s, c := normDotSegments(r, r.Path); c {
		r.Path, changed = s, true
	}
	if r.HasQuery {
		if s, c := normPct(r.Query); c {
			r.Query, changed = s, true
		}
	}
	if r.HasFragment {
		if s, c := normPct(r.Fragment); c {
			r.Fragment, changed = s, true
		}
	}
	return changed
}

// normDotSegments removes the dot segments of path, the path of r, unless
// r is a relative-path reference, and makes sure that a path without an
// authority does not begin with "//".
func normDotSegments(r *Reference, path string) (string, bool) {
	if r.Scheme == "" && !r.HasAuthority && !strings.HasPrefix(path, "/") {
		return path, false
	}
	if !r.HasAuthority && strings.HasPrefix(path, "/.//") && !hasDotSegment(path[2:]) {
		return path, false // already in the form built below
	}
	if !hasDotSegment(path) && (r.HasAuthority || !strings.HasPrefix(path, "//")) {
		return path, false
	}
	p := removeDotSegments(path)
	if !r.HasAuthority && strings.HasPrefix(p, "//") {
		// "foo:/.//bar" would otherwise become "foo://bar", whose "bar"
		// is a host. The URL Standard serializes such paths the same way.
		p = "/." + p
	}
	return p, p != path
}

// lowerASCII returns s with its ASCII letters lowercased, and whether that
// changed anything.
func lowerASCII(s string) (string, bool) {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s, false
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b), true
}

// pctNeedsWork reports whether the escape "%" hi lo is not in normal form:
// its hex digits are not uppercase, or it encodes an unreserved character.
func pctNeedsWork(hi, lo byte) bool {
	return 'a' <= hi && hi <= 'f' || 'a' <= lo && lo <= 'f' ||
		asciiClass[pct.Unhex(hi)<<4|pct.Unhex(lo)]&clsUnreserved != 0
}

// normPct returns s with the hex digits of its escapes uppercased and the
// escapes of unreserved characters decoded, and whether that changed
// anything. A "%" that does not start an escape is left as it is.
func normPct(s string) (string, bool) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, false
	}
	for ; i < len(s); i++ {
		if s[i] == '%' && pct.IsEncoded(s, i) && pctNeedsWork(s[i+1], s[i+2]) {
			break
		}
	}
	if i == len(s) {
		return s, false
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && pct.IsEncoded(s, i) {
			c := pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2])
			if asciiClass[c]&clsUnreserved != 0 {
				b = append(b, c)
			} else {
				b = pct.Append(b, c)
			}
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b), true
}

// normSyntaxHost applies the syntax-based normalization to the host h:
// escapes, then lowercase when h is ASCII only.
func normSyntaxHost(h string) (string, bool) {
	h, changed := normPct(h)
	if !pct.IsASCII(h) {
		return h, changed
	}
	h, c := pct.LowerOutside(h, false)
	return h, changed || c
}

// schemeRules returns the default port of a known scheme (written as
// the URI would write it, "" when the scheme has none) and whether the
// scheme makes an empty path equal to "/". The scheme is lowercase.
func schemeRules(scheme string) (port string, slash bool) {
	switch scheme {
	case "http", "ws":
		return "80", true
	case "https", "wss":
		return "443", true
	case "ftp":
		return "21", true
	case "file":
		return "", true
	case "gopher":
		return "70", false
	case "ldap":
		return "389", false
	case "nntp", "news":
		return "119", false
	case "telnet":
		return "23", false
	case "imap":
		return "143", false
	case "pop":
		return "110", false
	case "rtsp":
		return "554", false
	case "rtsps":
		return "322", false
	case "coap":
		return "5683", false
	case "coaps":
		return "5684", false
	}
	return "", false
}

// normalizeScheme applies the scheme-based rules of Level SchemeBased to
// r, which is already syntax-normalized (so its scheme is lowercase).
func normalizeScheme(r *Reference) (bool, error) {
	if !r.HasAuthority {
		return false, nil
	}
	changed := false
	defPort, slash := schemeRules(r.Scheme)
	if r.HasPort {
		p := r.Port
		digits := true
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				digits = false
				break
			}
		}
		if digits {
			for len(p) > 1 && p[0] == '0' {
				p = p[1:]
			}
		}
		switch {
		case p == "" || digits && p == defPort:
			r.Port, r.HasPort, changed = "", false, true
		case p != r.Port:
			r.Port, changed = p, true
		}
	}
	if !strings.HasPrefix(r.Host, "[") && isDNSScheme(r.Scheme) && hostNeedsIDNA(r.Host) {
		var buf [64]byte
		if dec := appendPctDecoded(buf[:0], r.Host); utf8.Valid(dec) {
			a, err := hostToASCII(string(dec))
			if err != nil {
				return changed, &hostError{host: r.Host, err: err}
			}
			if a != r.Host {
				r.Host, changed = a, true
			}
		}
	}
	if r.Scheme == "file" && r.Host == "localhost" && !r.HasUserinfo && !r.HasPort {
		r.Host, changed = "", true
	}
	if slash && r.Path == "" {
		r.Path, changed = "/", true
	}
	return changed, nil
}

// appendPctDecoded appends s to b with every escape decoded.
func appendPctDecoded(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && pct.IsEncoded(s, i) {
			c = pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2])
			i += 2
		}
		b = append(b, c)
	}
	return b
}

// hostNeedsIDNA reports whether the host h has a non-ASCII character, raw
// or percent-encoded.
func hostNeedsIDNA(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c >= utf8.RuneSelf || c == '%' && pct.IsEncoded(h, i) && pct.Unhex(h[i+1]) >= 8 {
			return true
		}
	}
	return false
}

// mapRefToURI replaces the components of r by their URI form, as ToURI
// maps them with UTF-8 queries, and reports whether any changed.
func mapRefToURI(r *Reference) (bool, error) {
	if defaultConverter.uriClean(r) {
		return false, nil
	}
	changed := false
	mapComp := func(s string, comp component) string {
		if uriCleanComponent(s, comp) {
			return s
		}
		changed = true
		return string(appendURIComponent(make([]byte, 0, len(s)+len(s)/2), s, comp))
	}
	if r.HasUserinfo {
		r.Userinfo = mapComp(r.Userinfo, compUserinfo)
	}
	if r.HasAuthority && !uriCleanHost(r.Host) {
		b, err := appendURIHost(nil, r.Host, r.Scheme)
		if err != nil {
			return changed, err
		}
		if string(b) != r.Host {
			r.Host, changed = string(b), true
		}
	}
	r.Path = mapComp(r.Path, compPath)
	if r.HasQuery {
		r.Query = mapComp(r.Query, compQuery)
	}
	if r.HasFragment {
		r.Fragment = mapComp(r.Fragment, compFragment)
	}
	return changed, nil
}

// uriCleanHost reports whether ToURI leaves the host h as it is: an IP
// literal, or ASCII characters a URI host allows and escapes. (A
// percent-encoded UTF-8 host of a DNS scheme, which ToURI converts, has
// already gone through IDNA in normalizeScheme.)
func uriCleanHost(h string) bool {
	if strings.HasPrefix(h, "[") {
		return true
	}
	for i := 0; i < len(h); i++ {
		if c := h[i]; !allowedASCII(c, compHost) && !(c == '%' && pct.IsEncoded(h, i)) {
			return false
		}
	}
	return true
}
