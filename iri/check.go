package iri

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/internal/uts46"
)

// Severity tells how serious a Violation is.
type Severity uint8

const (
	// SeverityWarning: the reference is acceptable in the mode checked,
	// but something about it is discouraged, ambiguous, or likely to
	// surprise a reader or another implementation.
	SeverityWarning Severity = iota + 1

	// SeverityError: the reference is not acceptable in the mode
	// checked, or it cannot be used as written (its host fails IDNA, a
	// percent-encoded octet sequence is a forbidden UTF-8 form).
	SeverityError
)

// String returns "warning" or "error".
func (s Severity) String() string {
	switch s {
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return "Severity(" + strconv.Itoa(int(s)) + ")"
}

// A Violation is one problem Check found in an IRI reference.
type Violation struct {
	Offset   int      // byte offset of the problem in the string checked
	Code     string   // one of the Code constants: stable, for programs
	Severity Severity // depends on the mode checked
	Message  string   // for people: what is wrong and what to do
}

// String formats v as "offset: severity code: message".
func (v Violation) String() string {
	return strconv.Itoa(v.Offset) + ": " + v.Severity.String() + " " + v.Code + ": " + v.Message
}

// Violation codes. The first group is the grammar: Parse in the mode
// checked fails exactly when Check in that mode reports one of them with
// SeverityError, and Parse's error offset is the offset of one of those
// (in Web mode, Parse's offsets refer to the preprocessed string).
// The second group looks beyond the grammar, so an input that parses can
// still have an error there: a host that IDNA rejects, a forbidden UTF-8
// form percent-encoded. Severities are given for Strict, LEIRI and Web
// mode (E error, W warning).
//
//	Code                    S L W  Reported for
//	leiri-only              E W W  a character outside the IRI grammar that LEIRI accepts and
//	                               percent-encodes: space, < > " { } | \ ^ `, C0 controls other
//	                               than tab, LF and CR, DEL, C1 controls, noncharacters,
//	                               U+FFF0 to U+FFFD, tags (3987bis 7.1)
//	web-only                E * W  a form only Web mode's preprocessing (3987bis 7.2) gives a
//	                               meaning to: leading or trailing spaces and controls (one
//	                               violation per run), tab, LF and CR inside (W in LEIRI, which
//	                               encodes them), a backslash Web mode reads as "/" (W in LEIRI),
//	                               a "%" not followed by two hex digits (E in LEIRI; Web mode
//	                               writes "%25"), "[" or "]" outside an IP literal (E in LEIRI)
//	invalid-utf8            E W W  a byte of the string that is not UTF-8
//	bidi-format             E W W  a bidi formatting character: LRM, RLM, ALM, LRE to RLO,
//	                               LRI to PDI (3987bis 4.1)
//	private-use             E W W  a private use character outside the query (RFC 3987 2.2)
//	invalid-char            E E E  a character no mode accepts there: ":" "@" "[" "]" inside a
//	                               reg-name host, "@" in the userinfo
//	colon-in-first-segment  E E E  ":" in the first segment of a relative reference without
//	                               authority: it would read as a scheme
//	invalid-port            E E E  a port that is not made of digits (offset of the first
//	                               other character)
//	invalid-ip-literal      E E E  "[...]" that is not an IPv6 address or IPvFuture literal
//
//	pct-overlong            E E E  a percent-encoded overlong UTF-8 form ("%C0%AF" for "/"),
//	                               the classic way to slip characters past a check
//	pct-surrogate           E E E  a percent-encoded surrogate code point ("%ED%A0%80")
//	idna                    E E E  a host label of a DNS scheme that UTS #46 ToASCII rejects,
//	                               or an "xn--" label that is not a valid A-label; when no
//	                               single label fails, the offset is the host's
//	pct-not-utf8            W W W  percent-encoded octets that are not UTF-8 ("%FC"): legal in
//	                               a URI, but they stand for no IRI character
//	confusable-host         W W W  a host label of a DNS scheme, as Unicode (A-labels
//	                               decoded), that mixes scripts in a way that invites spoofing
//	                               or is a whole-script Cyrillic look-alike of a Latin word
//	port-range              W W W  a port above 65535
//	default-port            W W W  the default port of http, https, ws, wss or ftp written out
//	                               (RFC 3986 3.2.3 and 6.2.3)
//	empty-port              W W W  ":" with no port (offset of the ":"; RFC 3986 3.2.3)
//	bidi-component          W W W  a component that breaks a rule of 3987bis 4.2: it mixes
//	                               right-to-left and left-to-right characters, or does not
//	                               start and end with a right-to-left character; components
//	                               are the userinfo, each host label, each path segment, each
//	                               name and value of the query (split at "&", ";" and "=") and
//	                               the fragment, escapes counting as "%" and digits
//	not-nfc                 W W W  a component (userinfo, host, path, query, fragment) not in
//	                               Unicode NFC (RFC 3987 5.3.2.2); the component's offset
//	hash-in-fragment        W W W  "#" inside the fragment: 3987bis allows it, RFC 3987 and
//	                               RFC 3986 do not, and ToURI writes it as "%23"
//	dot-segment             W W W  a "." or ".." path segment (also as "%2E") other than the
//	                               leading ones of a relative path: resolution removes it
//	                               (RFC 3986 5.2.4), so the reference is not in normal form
//	uppercase-scheme        W W W  a scheme with uppercase letters (RFC 3986 3.1)
//	uppercase-host          W W W  a reg-name or IPv6 host with uppercase ASCII letters
//	                               (RFC 3986 3.2.2)
//	pct-lowercase           W W W  "%xx" with a lowercase hex digit (RFC 3986 2.1)
//	pct-unreserved          W W W  "%xx" for an unreserved ASCII character, such as "%41" for
//	                               "A" (RFC 3986 2.3)
//	userinfo-password       W W W  "user:password" in the userinfo (RFC 3986 3.2.1); the
//	                               offset of the ":"
const (
	CodeLEIRIOnly           = "leiri-only"
	CodeWebOnly             = "web-only"
	CodeInvalidUTF8         = "invalid-utf8"
	CodeBidiFormat          = "bidi-format"
	CodePrivateUse          = "private-use"
	CodeInvalidChar         = "invalid-char"
	CodeColonInFirstSegment = "colon-in-first-segment"
	CodeInvalidPort         = "invalid-port"
	CodeInvalidIPLiteral    = "invalid-ip-literal"

	CodePctOverlong      = "pct-overlong"
	CodePctSurrogate     = "pct-surrogate"
	CodeIDNA             = "idna"
	CodePctNotUTF8       = "pct-not-utf8"
	CodeConfusableHost   = "confusable-host"
	CodePortRange        = "port-range"
	CodeDefaultPort      = "default-port"
	CodeEmptyPort        = "empty-port"
	CodeBidiComponent    = "bidi-component"
	CodeNotNFC           = "not-nfc"
	CodeHashInFragment   = "hash-in-fragment"
	CodeDotSegment       = "dot-segment"
	CodeUppercaseScheme  = "uppercase-scheme"
	CodeUppercaseHost    = "uppercase-host"
	CodePctLowercase     = "pct-lowercase"
	CodePctUnreserved    = "pct-unreserved"
	CodeUserinfoPassword = "userinfo-password"
)

// Check reports every violation in the IRI reference s checked in LEIRI
// mode. See Converter.Check.
func Check(s string) []Violation { return defaultConverter.Check(s) }

// Check reports every violation in the IRI reference s, checked in the
// converter's mode, sorted by offset, or nil when there is none. Unlike
// Parse, which stops at the first problem, Check goes on to the end, and
// it also reports what the grammar allows but a careful producer avoids
// (warnings). The codes and
// their severity in each mode are listed with the Code constants: a
// character that only LEIRI or Web mode accepts is an error in Strict
// mode and a warning in the mode that accepts it, so the code tells
// which mode would take the input.
//
// Offsets are byte offsets in s. In Web mode, s is checked after the
// preprocessing of 3987bis section 7.2, as Parse in that mode does, but
// offsets still refer to s itself and the preprocessed forms are reported
// as web-only warnings. Web mode checks what Parse accepts: it does not
// run the URL Standard's parser, which ToURI uses in that mode for a
// reference with a scheme and which fails on some of them (see package
// weburl).
//
// The checks of hosts (idna, confusable-host) apply to the schemes whose
// host is a DNS name (http, https, ftp, ws, file and others, and relative
// references), as ToURI's IDNA mapping does.
func (c *Converter) Check(s string) []Violation { return c.mode.check(s) }

// check is Check in mode m.
func (m Mode) check(s string) []Violation {
	c := &checker{m: m, in: s, s: s, web: newWebInfo(s)}
	c.webForms()
	if m == Web {
		c.s, c.idx = c.web.preprocess(s)
		if c.idx == nil {
			c.base = c.web.start
		}
	}
	c.reference()
	slices.SortStableFunc(c.out, func(a, b Violation) int { return cmp.Compare(a.Offset, b.Offset) })
	return c.out
}

// A checker collects the violations of one reference.
type checker struct {
	m    Mode
	in   string  // the input
	s    string  // the string checked: in, or in Web mode its preprocessed form
	base int     // offset in `in` of s[0], when idx is nil
	idx  []int   // offset in `in` of each byte of s and of its end, in Web mode when preprocessing did more than trim
	web  webInfo // where in `in` the forms that Web mode changes are
	out  []Violation
}

// at maps an offset in c.s to the input.
func (c *checker) at(j int) int {
	if c.idx != nil {
		return c.idx[j]
	}
	return c.base + j
}

// add reports a violation at offset j of c.s.
func (c *checker) add(j int, code string, sev Severity, msg string) {
	c.addRaw(c.at(j), code, sev, msg)
}

// addRaw reports a violation at offset off of the input.
func (c *checker) addRaw(off int, code string, sev Severity, msg string) {
	c.out = append(c.out, Violation{Offset: off, Code: code, Severity: sev, Message: msg})
}

// leiriSeverity is the severity of what LEIRI accepts and a strict IRI
// does not.
func (c *checker) leiriSeverity() Severity {
	if c.m == Strict {
		return SeverityError
	}
	return SeverityWarning
}

// webSeverity is the severity of a web-only form; leiriRejects tells
// whether LEIRI mode fails on it too.
func (c *checker) webSeverity(leiriRejects bool) Severity {
	if c.m == Strict || (c.m == LEIRI && leiriRejects) {
		return SeverityError
	}
	return SeverityWarning
}

// webInfo locates in a string the forms that Web mode's preprocessing
// changes (see webPreprocess).
type webInfo struct {
	start, end int  // s[start:end] is s without leading and trailing C0 controls and spaces
	special    bool // a backslash before the query is a slash
	qh         int  // offset of the first "?" or "#" in s[start:end], or end
}

func newWebInfo(s string) webInfo {
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	t := s[start:end]
	w := webInfo{start: start, end: end, qh: end}
	if i := strings.IndexAny(t, "?#"); i >= 0 {
		w.qh = start + i
	}
	if strings.IndexByte(t, '\\') >= 0 {
		w.special = webSpecialOrRelative(t)
	}
	return w
}

// slash reports whether Web mode reads the backslash at offset i of s as
// a slash.
func (w webInfo) slash(i int) bool { return w.special && i >= w.start && i < w.qh }

// preprocess returns webPreprocess(s) and, when it did more than trim s,
// the offset in s of each of its bytes and of its end.
func (w webInfo) preprocess(s string) (string, []int) {
	t := s[w.start:w.end]
	if !needsWebFix(t) {
		return t, nil
	}
	b := make([]byte, 0, len(t)+8)
	idx := make([]int, 0, len(t)+9)
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '%' && !pct.IsEncoded(t, i):
			b = append(b, "%25"...)
			idx = append(idx, w.start+i, w.start+i, w.start+i)
			continue
		case c == '\\' && w.slash(w.start+i):
			c = '/'
		}
		b = append(b, c)
		idx = append(idx, w.start+i)
	}
	return string(b), append(idx, w.end)
}

// webForms reports, at their offsets in the input, the forms that Web
// mode's preprocessing changes.
func (c *checker) webForms() {
	s, w := c.in, c.web
	if w.start > 0 {
		c.addRaw(0, CodeWebOnly, c.webSeverity(false),
			"leading space or control characters: not part of an IRI; Web mode removes them")
	}
	for i := w.start; i < w.end; i++ {
		switch s[i] {
		case '\t', '\n', '\r':
			c.addRaw(i, CodeWebOnly, c.webSeverity(false),
				describeRune(rune(s[i]))+" inside the reference: Web mode removes it, LEIRI percent-encodes it")
		case '%':
			if !pct.IsEncoded(s, i) {
				c.addRaw(i, CodeWebOnly, c.webSeverity(true),
					`"%" not followed by two hexadecimal digits: only Web mode accepts it, as "%25"`)
			}
		case '\\':
			if w.slash(i) {
				c.addRaw(i, CodeWebOnly, c.webSeverity(false),
					`backslash: Web mode reads it as "/" here, LEIRI percent-encodes it as "%5C"`)
			}
		}
	}
	if w.end < len(s) {
		c.addRaw(w.end, CodeWebOnly, c.webSeverity(false),
			"trailing space or control characters: not part of an IRI; Web mode removes them")
	}
}

// rawWebForm reports whether the byte at offset j of c.s is one that
// webForms reported.
func (c *checker) rawWebForm(j int) bool {
	if c.m == Web {
		return false // c.s is preprocessed: none is left
	}
	w := c.web
	if j < w.start || j >= w.end {
		return true
	}
	switch c.s[j] {
	case '\t', '\n', '\r':
		return true
	case '%':
		return !pct.IsEncoded(c.s, j)
	case '\\':
		return w.slash(j)
	}
	return false
}

// reference checks c.s.
func (c *checker) reference() {
	var r Reference
	split(c.s, &r)
	user, host, port, path, query, frag := r.offsets()
	if strings.IndexFunc(r.Scheme, func(r rune) bool { return 'A' <= r && r <= 'Z' }) >= 0 {
		c.add(0, CodeUppercaseScheme, SeverityWarning,
			"scheme "+strconv.Quote(r.Scheme)+" has uppercase letters; it should be written in lowercase (RFC 3986 section 3.1)")
	}
	if r.Scheme == "" && !r.HasAuthority {
		seg := r.Path
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if i := strings.IndexByte(seg, ':'); i >= 0 {
			c.add(path+i, CodeColonInFirstSegment, SeverityError,
				`":" in the first segment of a relative reference would make it read as a scheme; write "./" before the segment`)
		}
	}
	if r.HasAuthority {
		if r.HasUserinfo {
			c.chars(user, r.Userinfo, compUserinfo)
			if i := strings.IndexByte(r.Userinfo, ':'); i >= 0 {
				c.add(user+i, CodeUserinfoPassword, SeverityWarning,
					`the userinfo holds a password: "user:password" is deprecated (RFC 3986 section 3.2.1)`)
			}
		}
		c.host(&r, host)
		c.port(&r, port)
	}
	c.chars(path, r.Path, compPath)
	c.dotSegments(&r, path)
	if r.HasQuery {
		c.chars(query, r.Query, compQuery)
	}
	if r.HasFragment {
		c.chars(frag, r.Fragment, compFragment)
	}
	for _, v := range checkBidi(c.s) {
		c.add(v.Offset, CodeBidiComponent, SeverityWarning, v.String()+" (3987bis section 4.2)")
	}
	for _, comp := range [...]struct {
		name string
		off  int
		s    string
	}{
		{"userinfo", user, r.Userinfo}, {"host", host, r.Host}, {"path", path, r.Path},
		{"query", query, r.Query}, {"fragment", frag, r.Fragment},
	} {
		if !norm.NFC.IsNormalString(comp.s) {
			c.add(comp.off, CodeNotNFC, SeverityWarning,
				"the "+comp.name+" is not in Unicode Normalization Form C; IRIs should be created in NFC (RFC 3987 section 5.3.2.2)")
		}
	}
}

// chars checks the characters and percent-encodings of component comp,
// v, at offset off of c.s.
func (c *checker) chars(off int, v string, comp component) {
	for i := 0; i < len(v); {
		b := v[i]
		j := off + i
		if b >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(v[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				c.add(j, CodeInvalidUTF8, c.leiriSeverity(),
					"byte 0x"+hex2(b)+" is not valid UTF-8; LEIRI and Web modes percent-encode it as itself")
			case isBidiFormat(r):
				c.add(j, CodeBidiFormat, c.leiriSeverity(),
					"bidirectional formatting character "+uplus(r)+" is not allowed in an IRI (3987bis section 4.1)")
			case isIprivate(r):
				if comp != compQuery {
					c.add(j, CodePrivateUse, c.leiriSeverity(),
						"private use character "+uplus(r)+" is allowed only in the query (RFC 3987 section 2.2)")
				}
			case !isUcschar(r):
				c.add(j, CodeLEIRIOnly, c.leiriSeverity(),
					describeRune(r)+" is not an IRI character; LEIRI and Web modes accept it and percent-encode it")
			}
			i += n
			continue
		}
		switch {
		case c.rawWebForm(j):
			// Reported by webForms.
		case b == '%' && pct.IsEncoded(v, i):
			k := i
			for k < len(v) && pct.IsEncoded(v, k) {
				k += 3
			}
			c.pctRun(j, v[i:k])
			i = k
			continue
		case b == '%':
			c.add(j, CodeWebOnly, c.webSeverity(true),
				`"%" not followed by two hexadecimal digits: only Web mode accepts it, as "%25"`)
		case allowedASCII(b, comp):
		case comp == compFragment && b == '#':
			c.add(j, CodeHashInFragment, SeverityWarning,
				`"#" inside the fragment: 3987bis allows it, RFC 3987 and RFC 3986 do not; ToURI writes it as "%23"`)
		case comp == compHost && asciiClass[b]&clsGenDelim != 0:
			c.add(j, CodeInvalidChar, SeverityError, describeRune(rune(b))+" is not allowed in a host name")
		case asciiClass[b]&clsLEIRI != 0:
			c.add(j, CodeLEIRIOnly, c.leiriSeverity(),
				describeRune(rune(b))+" is not an IRI character; LEIRI and Web modes accept it and percent-encode it")
		case b == '[' || b == ']':
			c.add(j, CodeWebOnly, c.webSeverity(true),
				describeRune(rune(b))+" outside an IP literal: only Web mode accepts it")
		default:
			c.add(j, CodeInvalidChar, SeverityError, describeRune(rune(b))+" is not allowed in the "+compName(comp))
		}
		i++
	}
}

// pctRun checks run, a sequence of "%XX" at offset off of c.s.
func (c *checker) pctRun(off int, run string) {
	oct := make([]byte, 0, len(run)/3)
	for i := 0; i < len(run); i += 3 {
		if run[i+1] >= 'a' || run[i+2] >= 'a' {
			c.add(off+i, CodePctLowercase, SeverityWarning,
				strconv.Quote(run[i:i+3])+" has lowercase hexadecimal digits; URI producers should use uppercase (RFC 3986 section 2.1)")
		}
		oct = append(oct, pct.Unhex(run[i+1])<<4|pct.Unhex(run[i+2]))
	}
	for k := 0; k < len(oct); {
		o := oct[k]
		if o < utf8.RuneSelf {
			if asciiClass[o]&clsUnreserved != 0 {
				c.add(off+3*k, CodePctUnreserved, SeverityWarning,
					strconv.Quote(run[3*k:3*k+3])+" encodes the unreserved character "+strconv.Quote(string(rune(o)))+
						", which should be written as itself (RFC 3986 section 2.3)")
			}
			k++
			continue
		}
		n, code := pctUTF8(oct[k:])
		enc := strconv.Quote(run[3*k : 3*(k+n)])
		switch code {
		case CodePctOverlong:
			c.add(off+3*k, code, SeverityError, enc+" is an overlong UTF-8 form, a way to slip characters past checks; UTF-8 forbids it")
		case CodePctSurrogate:
			c.add(off+3*k, code, SeverityError, enc+" encodes a surrogate code point, which UTF-8 forbids")
		case CodePctNotUTF8:
			c.add(off+3*k, code, SeverityWarning, enc+" is not UTF-8: legal in a URI, but it stands for no IRI character")
		}
		k += n
	}
}

// pctUTF8 classifies the octet sequence at the start of p, whose first
// octet is not ASCII: it returns its length and "" when it is UTF-8, or
// the length of the offending sequence (the lead octet and the
// continuation octets that follow it, up to the length the lead octet
// announces) and a code.
func pctUTF8(p []byte) (int, string) {
	if _, n := utf8.DecodeRune(p); n > 1 {
		return n, ""
	}
	want := 1
	switch b := p[0]; {
	case b >= 0xC0 && b <= 0xDF:
		want = 2
	case b >= 0xE0 && b <= 0xEF:
		want = 3
	case b >= 0xF0 && b <= 0xF7:
		want = 4
	}
	// A stray continuation octet or an octet that starts nothing takes
	// the continuation octets after it along.
	limit := want
	if want == 1 {
		limit = 4
	}
	n := 1
	for n < len(p) && n < limit && p[n]&0xC0 == 0x80 {
		n++
	}
	if n == want && want > 1 {
		switch b0, b1 := p[0], p[1]; {
		case b0 == 0xC0 || b0 == 0xC1, b0 == 0xE0 && b1 < 0xA0, b0 == 0xF0 && b1 < 0x90:
			return n, CodePctOverlong
		case b0 == 0xED && b1 >= 0xA0:
			return n, CodePctSurrogate
		}
	}
	return n, CodePctNotUTF8
}

// host checks the host of r, at offset off of c.s.
func (c *checker) host(r *Reference, off int) {
	h := r.Host
	if strings.HasPrefix(h, "[") {
		if !strings.HasSuffix(h, "]") || !validIPLiteral(h[1:len(h)-1]) {
			c.add(off, CodeInvalidIPLiteral, SeverityError, strconv.Quote(h)+" is not an IPv6 address or IPvFuture literal")
			return
		}
		if h[1] != 'v' && h[1] != 'V' && hasUpperASCII(h) {
			c.add(off, CodeUppercaseHost, SeverityWarning,
				"IPv6 address "+strconv.Quote(h)+" has uppercase hexadecimal digits; they should be lowercase (RFC 3986 section 3.2.2)")
		}
		return
	}
	c.chars(off, h, compHost)
	if hasUpperASCII(h) {
		c.add(off, CodeUppercaseHost, SeverityWarning,
			"host "+strconv.Quote(h)+" has uppercase letters; registered names should be lowercase (RFC 3986 section 3.2.2)")
	}
	if isDNSScheme(r.Scheme) {
		c.idn(off, h)
	}
}

// hasUpperASCII reports whether s has an uppercase ASCII letter outside
// its percent-encodings.
func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b == '%' && pct.IsEncoded(s, i):
			i += 2
		case 'A' <= b && b <= 'Z':
			return true
		}
	}
	return false
}

// idn checks the host h of a DNS scheme, at offset off of c.s: every
// label that is not ASCII must go through IDNA ToASCII, every "xn--"
// label must be a valid A-label, and the Unicode form of each must not
// be confusable.
func (c *checker) idn(off int, h string) {
	dec, nonASCII := pct.Decode(h)
	if nonASCII && !utf8.ValidString(dec) {
		return // percent-encoded octets that are not UTF-8: ToURI keeps them
	}
	failed, shownU := false, false
	var tld, tldU string
	for loff, label := range hostLabels(h) {
		d, na := pct.Decode(label)
		var u string
		switch {
		case na:
			if !utf8.ValidString(d) {
				continue
			}
			a, err := hostToASCII(d)
			if err != nil {
				c.add(off+loff, CodeIDNA, SeverityError, "host label "+strconv.Quote(label)+" fails IDNA ToASCII: "+err.Error())
				failed = true
				continue
			}
			u = a
			if uts46.HasACEPrefix(a) {
				u, _ = uts46.DecodeALabel(a)
			}
		case uts46.HasACEPrefix(d):
			var ok bool
			if u, ok = uts46.DecodeALabel(d); !ok {
				c.add(off+loff, CodeIDNA, SeverityError, "host label "+strconv.Quote(label)+" is not a valid IDNA A-label")
				failed = true
				continue
			}
		default:
			continue
		}
		if tld == "" {
			tld, tldU = checkTLD(dec)
		}
		if rule := labelSpoofRule(u, tld, tldU); rule != ruleNone {
			c.add(off+loff, CodeConfusableHost, SeverityWarning, "host label "+strconv.Quote(u)+
				" invites spoofing ("+string(rule)+"): browsers show it as an A-label")
		} else {
			shownU = true
		}
	}
	if shownU && !failed {
		if a, err := hostToASCII(dec); err == nil {
			if u, ok := appendDisplayLabels(nil, a); ok {
				if d := topDomains.Similar(strings.ToLower(string(u))); d != "" {
					c.add(off, CodeConfusableHost, SeverityWarning, "host "+strconv.Quote(string(u))+" looks like "+d+": browsers show it in A-labels")
				}
			}
		}
	}
	if nonASCII && !failed {
		if _, err := hostToASCII(dec); err != nil {
			c.add(off, CodeIDNA, SeverityError, "host "+strconv.Quote(h)+" fails IDNA ToASCII: "+err.Error())
		}
	}
}

// hostLabels yields the non-empty labels of the host h with their offsets,
// splitting at "." and the characters UTS #46 maps to it.
func hostLabels(h string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		start := 0
		for i := 0; i <= len(h); {
			r, n := rune('.'), 1
			if i < len(h) {
				r, n = utf8.DecodeRuneInString(h[i:])
			}
			if uts46.IsLabelSeparator(r) {
				if i > start && !yield(start, h[start:i]) {
					return
				}
				start = i + n
			}
			i += n
		}
	}
}

// port checks the port of r, at offset off of c.s.
func (c *checker) port(r *Reference, off int) {
	if !r.HasPort {
		return
	}
	p := r.Port
	if p == "" {
		c.add(off-1, CodeEmptyPort, SeverityWarning, `":" with an empty port: omit the ":" (RFC 3986 section 3.2.3)`)
		return
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			c.add(off+i, CodeInvalidPort, SeverityError, "port "+strconv.Quote(p)+" is not a number")
			return
		}
	}
	v := strings.TrimLeft(p, "0")
	n, _ := strconv.Atoi(v)
	if len(v) > 5 || n > 65535 {
		c.add(off, CodePortRange, SeverityWarning, "port "+p+" is out of the TCP and UDP range 0 to 65535")
		return
	}
	var buf [8]byte
	scheme := string(lowerScheme(r.Scheme, &buf))
	if d := urlstd.SpecialPort(scheme); d >= 0 && n == d {
		c.add(off, CodeDefaultPort, SeverityWarning,
			"port "+p+" is the default port of "+scheme+": omit it (RFC 3986 section 6.2.3)")
	}
}

// dotSegments checks the path of r, at offset off of c.s, for dot
// segments.
func (c *checker) dotSegments(r *Reference, off int) {
	p := r.Path
	if p == "" {
		return
	}
	leading := r.Scheme == "" && !r.HasAuthority && !strings.HasPrefix(p, "/")
	for start := 0; start <= len(p); {
		end := strings.IndexByte(p[start:], '/')
		if end < 0 {
			end = len(p)
		} else {
			end += start
		}
		seg := p[start:end]
		switch {
		case !urlstd.IsSingleDot(seg) && !urlstd.IsDoubleDot(seg):
			leading = false
		case !leading:
			c.add(off+start, CodeDotSegment, SeverityWarning, "dot segment "+strconv.Quote(seg)+
				": resolution removes it (RFC 3986 section 5.2.4), so the reference is not in normal form")
		}
		start = end + 1
	}
}

func compName(comp component) string {
	switch comp {
	case compUserinfo:
		return "userinfo"
	case compHost:
		return "host"
	case compPath:
		return "path"
	case compQuery:
		return "query"
	}
	return "fragment"
}

// uplus returns "U+XXXX" for r.
func uplus(r rune) string {
	s := strconv.FormatInt(int64(r), 16)
	if len(s) < 4 {
		s = strings.Repeat("0", 4-len(s)) + s
	}
	return "U+" + strings.ToUpper(s)
}

func hex2(b byte) string { return string(pct.UpperHex[b>>4]) + string(pct.UpperHex[b&15]) }

// describeRune names r for a message.
func describeRune(r rune) string {
	switch {
	case r == ' ':
		return "space"
	case r == '\t':
		return "tab (U+0009)"
	case r == '\n':
		return "line feed (U+000A)"
	case r == '\r':
		return "carriage return (U+000D)"
	case r < ' ' || r == 0x7F || (r >= 0x80 && r < 0xA0):
		return "control character " + uplus(r)
	case r == '"':
		return `'"'`
	case r < utf8.RuneSelf:
		return `"` + string(r) + `"`
	}
	return uplus(r)
}

// checkTLD returns the last label of the host h, decoded, in ASCII and in
// Unicode, or "" when it fails IDNA.
func checkTLD(h string) (tld, tldU string) {
	labels := strings.FieldsFunc(h, uts46.IsLabelSeparator)
	if len(labels) == 0 {
		return "", ""
	}
	last := labels[len(labels)-1]
	a, err := hostToASCII(last)
	if err != nil {
		return "", ""
	}
	return hostTLD(a)
}
