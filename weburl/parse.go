package weburl

import (
	"errors"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/text/encoding"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/internal/webenc"
)

// Parse parses input with the URL Standard's basic URL parser against
// base (nil for none), taking queries as UTF-8: what a browser does with
// an href in a UTF-8 document. A failure of the standard's parser is an
// *Error. See Parser for documents in other encodings.
func Parse(input string, base *URL) (*URL, error) { return utf8Parser.Parse(input, base) }

// A Parser is the URL Standard's parser for the URLs of a document in a
// given encoding: the query of a URL with a special scheme other than ws
// and wss is encoded in it ("percent-encode after encoding"), the rest
// of the URL in UTF-8, as browsers do. A Parser is immutable and safe
// for concurrent use.
type Parser struct {
	enc  encoding.Encoding // nil for UTF-8
	name string            // its name in the Encoding Standard, or ""
}

// utf8Parser is the Parser of UTF-8 documents, which NewParser returns
// for every encoding whose URLs have UTF-8 queries.
var utf8Parser = &Parser{}

// NewParser returns the Parser of documents in the encoding e; nil means
// UTF-8. UTF-8, UTF-16 and the "replacement" encoding give UTF-8 queries,
// as the URL Standard says. An encoding with a name in the WHATWG
// Encoding Standard encodes as the standard's encoder does, whatever its
// implementation (golang.org/x/text's windows-1252 and Shift_JIS encode a
// few characters otherwise); a character it cannot encode becomes the
// percent-encoded numeric character reference "%26%23NNNN%3B". NewParser
// returns the same Parser for every encoding of one name in that
// standard, so that making one per document costs nothing.
func NewParser(e encoding.Encoding) *Parser {
	enc, name := webenc.QueryEncoding(e)
	switch {
	case enc == nil:
		return utf8Parser
	case name == "":
		return &Parser{enc: enc}
	}
	if p, ok := parsers.Load(name); ok {
		return p.(*Parser)
	}
	p, _ := parsers.LoadOrStore(name, &Parser{enc: enc, name: name})
	return p.(*Parser)
}

// parsers holds the Parser of each encoding of the Encoding Standard
// that NewParser was asked for, by name, so that a program that makes a
// Parser per document allocates one per encoding.
var parsers sync.Map

// Parse parses input against base (nil for none), as the package's
// Parse does but with p's encoding for the query.
func (p *Parser) Parse(input string, base *URL) (*URL, error) {
	u := new(URL)
	if err := p.parse(u, input, base); err != nil {
		return nil, err
	}
	return u, nil
}

// Resolve parses ref against base (nil for none) and returns the href of
// the result: the URL a browser requests for an href ref in a document
// whose base URL is base. When ref is already an absolute URL in its
// serialized form, Resolve returns ref itself, and it resolves the common
// relative references against a base with a special scheme other than
// file without running the whole parser. A failure is an *Error.
func (p *Parser) Resolve(ref string, base *URL) (string, error) {
	var u URL
	if fastParse(ref, &u) {
		return ref, nil
	}
	if base != nil {
		if href, ok := fastResolve(base, ref); ok {
			return href, nil
		}
	}
	if err := p.parse(&u, ref, base); err != nil {
		return "", err
	}
	return u.href, nil
}

// AppendResolve appends to dst the href that Resolve returns, for a
// caller that keeps many of them in storage of its own: an absolute URL
// in its serialized form and the common relative references of a page
// are resolved into dst without allocating. On an error it returns dst
// unchanged.
func (p *Parser) AppendResolve(dst []byte, ref string, base *URL) ([]byte, error) {
	var u URL
	if fastParse(ref, &u) {
		return append(dst, ref...), nil
	}
	if base != nil {
		if b, ok := appendFastResolve(dst, base, ref); ok {
			return b, nil
		}
	}
	if err := p.parse(&u, ref, base); err != nil {
		return dst, err
	}
	return append(dst, u.href...), nil
}

type urlParser struct {
	in      string // preprocessed input
	p       int    // position in in
	base    *URL
	enc     encoding.Encoding
	encName string
	special bool
	scheme  string
	u       URL // the record being built, copied out at the end
	b       []byte
}

// parse runs the parser on input against base and fills u.
func (p *Parser) parse(u *URL, input string, base *URL) error {
	if fastParse(input, u) {
		return nil
	}
	in := urlstd.RemoveTabNewline(urlstd.TrimC0Space(input))
	n := len(in) + 16
	if base != nil {
		n += len(base.href)
	}
	ps := urlParser{in: in, base: base, enc: p.enc, encName: p.name, b: make([]byte, 0, n)}
	ps.u = URL{queryStart: -1, fragStart: -1}
	if reason := ps.run(); reason != "" {
		e := &Error{Input: input, Err: errors.New(reason)}
		if base != nil {
			e.Base = base.href
		}
		return e
	}
	*u = ps.u
	if string(ps.b) == input {
		u.href = input
	} else {
		// ps.b is this call's own buffer and is never written again:
		// the string can share it rather than copy it.
		u.href = unsafe.String(unsafe.SliceData(ps.b), len(ps.b))
	}
	return nil
}

func (ps *urlParser) eof() bool { return ps.p >= len(ps.in) }

func (ps *urlParser) c() int {
	if ps.p >= len(ps.in) {
		return -1
	}
	return int(ps.in[ps.p])
}

func (ps *urlParser) rest() string { return ps.in[ps.p:] }

// isSlash reports whether c separates path segments: "/", or "\" in a
// special URL.
func (ps *urlParser) isSlash(c int) bool { return c == '/' || (c == '\\' && ps.special) }

// run parses ps.in and returns "" or the reason of a failure.
func (ps *urlParser) run() string {
	in := ps.in
	// Scheme start and scheme states.
	if len(in) > 0 && isASCIIAlpha(in[0]) {
		i := 1
		for i < len(in) && isSchemeChar(in[i]) {
			i++
		}
		if i < len(in) && in[i] == ':' {
			return ps.afterScheme(in[:i], i+1)
		}
	}
	return ps.noScheme()
}

func (ps *urlParser) setScheme(scheme string) {
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		ps.b = append(ps.b, c)
	}
	ps.u.schemeEnd = len(ps.b)
	ps.b = append(ps.b, ':')
	if string(ps.b[:ps.u.schemeEnd]) == in(ps.in, ps.u.schemeEnd) {
		ps.scheme = ps.in[:ps.u.schemeEnd] // no allocation when the input is lower case
	} else {
		ps.scheme = string(ps.b[:ps.u.schemeEnd])
	}
	ps.special = urlstd.SpecialPort(ps.scheme) != urlstd.NotSpecial
}

func in(s string, n int) string {
	if n <= len(s) {
		return s[:n]
	}
	return ""
}

func (ps *urlParser) afterScheme(scheme string, p int) string {
	ps.setScheme(scheme)
	ps.p = p
	switch {
	case ps.scheme == "file":
		return ps.fileState()
	case ps.special && ps.base != nil && ps.base.Scheme() == ps.scheme:
		// Special relative or authority state.
		if strings.HasPrefix(ps.rest(), "//") {
			ps.p += 2
			return ps.authorityIgnoringSlashes()
		}
		return ps.relativeState()
	case ps.special:
		// Special authority slashes state.
		if strings.HasPrefix(ps.rest(), "//") {
			ps.p += 2
		}
		return ps.authorityIgnoringSlashes()
	case strings.HasPrefix(ps.rest(), "/"):
		// Path or authority state.
		ps.p++
		if ps.c() == '/' {
			ps.p++
			return ps.authorityState()
		}
		ps.u.hostStart, ps.u.hostEnd = len(ps.b), len(ps.b)
		ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
		return ps.pathState("")
	}
	return ps.opaquePathState()
}

func (ps *urlParser) noScheme() string {
	base := ps.base
	if base == nil || (base.opaque && ps.c() != '#') {
		return "missing scheme in a relative URL without a usable base"
	}
	if base.opaque {
		// Copy scheme, path and query of the base, then the fragment.
		ps.b = append(ps.b, base.href[:base.pathEnd()]...)
		ps.u = URL{schemeEnd: base.schemeEnd, hostStart: base.hostStart, hostEnd: base.hostEnd,
			authEnd: base.authEnd, pathStart: base.pathStart, queryStart: -1, fragStart: -1, opaque: true}
		ps.copyBaseQuery()
		ps.scheme = base.Scheme()
		ps.p++
		return ps.fragmentState()
	}
	ps.setSchemeFromBase()
	if ps.scheme == "file" {
		return ps.fileState()
	}
	return ps.relativeState()
}

func (ps *urlParser) setSchemeFromBase() {
	ps.b = append(ps.b, ps.base.href[:ps.base.schemeEnd+1]...)
	ps.u.schemeEnd = ps.base.schemeEnd
	ps.scheme = ps.base.Scheme()
	ps.special = urlstd.SpecialPort(ps.scheme) != urlstd.NotSpecial
}

// copyBaseAuthority copies the base's credentials, host and port.
func (ps *urlParser) copyBaseAuthority() {
	base := ps.base
	off := len(ps.b) - (base.schemeEnd + 1)
	ps.b = append(ps.b, base.href[base.schemeEnd+1:base.authEnd]...)
	ps.u.hasHost = base.hasHost
	ps.u.userEnd, ps.u.passEnd = base.userEnd+off, base.passEnd+off
	ps.u.hostStart, ps.u.hostEnd = base.hostStart+off, base.hostEnd+off
	ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
}

// copyBasePath appends the base's path.
func (ps *urlParser) copyBasePath() {
	ps.b = append(ps.b, ps.base.href[ps.base.pathStart:ps.base.pathEnd()]...)
}

// afterBasePath goes on once the relative or file state has copied the
// base's path, when the input c starts is a query, a fragment or nothing:
// the query is the input's, or else the base's. It returns the parse's
// result and true, or false when the input goes on with a path.
func (ps *urlParser) afterBasePath(c int) (string, bool) {
	switch c {
	case '?':
		ps.p++
		return ps.queryState(), true
	case '#':
		ps.copyBaseQuery()
		ps.p++
		return ps.fragmentState(), true
	case -1:
		ps.copyBaseQuery()
		return ps.finish(), true
	}
	return "", false
}

// copyBaseQuery appends "?" and the base's query when it has one.
func (ps *urlParser) copyBaseQuery() {
	if q, ok := ps.base.Query(); ok {
		ps.u.queryStart = len(ps.b)
		ps.b = append(ps.b, '?')
		ps.b = append(ps.b, q...)
	}
}

func (ps *urlParser) relativeState() string {
	c := ps.c()
	if ps.isSlash(c) {
		// Relative slash state.
		ps.p++
		c = ps.c()
		if ps.isSlash(c) && ps.special {
			return ps.authorityIgnoringSlashes()
		}
		if c == '/' {
			ps.p++
			return ps.authorityState()
		}
		ps.copyBaseAuthority()
		// The path starts with the slash just consumed.
		return ps.pathState("")
	}
	ps.copyBaseAuthority()
	ps.copyBasePath()
	if reason, done := ps.afterBasePath(c); done {
		return reason
	}
	ps.shortenPath()
	return ps.pathState("")
}

func (ps *urlParser) authorityIgnoringSlashes() string {
	for c := ps.c(); c == '/' || c == '\\'; c = ps.c() {
		ps.p++
	}
	return ps.authorityState()
}

// authorityState parses credentials, host and port, then the path.
func (ps *urlParser) authorityState() string {
	rest := ps.rest()
	end := len(rest)
	for i := 0; i < len(rest); i++ {
		if c := rest[i]; c == '/' || c == '?' || c == '#' || (c == '\\' && ps.special) {
			end = i
			break
		}
	}
	auth := rest[:end]
	ps.b = append(ps.b, "//"...)
	ps.u.hasHost = true
	userStart := len(ps.b)
	ps.u.userEnd, ps.u.passEnd = userStart, userStart
	hostport := auth
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		creds := auth[:at]
		hostport = auth[at+1:]
		user, pass, hasPass := strings.Cut(creds, ":")
		ps.b = urlstd.AppendEncoded(ps.b, user, urlstd.Userinfo)
		ps.u.userEnd = len(ps.b)
		ps.u.passEnd = ps.u.userEnd
		if hasPass && pass != "" {
			ps.b = append(ps.b, ':')
			ps.b = urlstd.AppendEncoded(ps.b, pass, urlstd.Userinfo)
			ps.u.passEnd = len(ps.b)
		}
		if len(ps.b) > userStart {
			ps.b = append(ps.b, '@')
		}
		if hostport == "" {
			return "credentials without a host"
		}
	}
	// Host state: the host ends at the first ":" outside brackets.
	host, port, hasPort := hostport, "", false
	inBrackets := false
	for i := 0; i < len(hostport); i++ {
		switch hostport[i] {
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		case ':':
			if !inBrackets {
				host, port, hasPort = hostport[:i], hostport[i+1:], true
				i = len(hostport)
			}
		}
	}
	if host == "" && (hasPort || ps.special) {
		return "missing host"
	}
	ps.u.hostStart = len(ps.b)
	var reason string
	if ps.b, reason = appendHost(ps.b, host, !ps.special); reason != "" {
		return reason
	}
	ps.u.hostEnd = len(ps.b)
	if hasPort {
		if reason := ps.appendPort(port); reason != "" {
			return reason
		}
	}
	ps.p += end
	ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
	return ps.pathStartState()
}

func (ps *urlParser) appendPort(port string) string {
	if port == "" {
		return ""
	}
	n := 0
	for i := 0; i < len(port); i++ {
		c := port[i]
		if !isASCIIDigit(c) {
			return "invalid port " + quote(port)
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return "port out of range " + quote(port)
		}
	}
	if n == urlstd.SpecialPort(ps.scheme) {
		return ""
	}
	ps.b = append(ps.b, ':')
	if len(port) > 1 && port[0] == '0' || n == 0 {
		ps.b = appendInt(ps.b, n)
	} else {
		ps.b = append(ps.b, port...)
	}
	return ""
}

func appendInt(b []byte, n int) []byte {
	var d [20]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

func (ps *urlParser) pathStartState() string {
	c := ps.c()
	if ps.special {
		if ps.isSlash(c) {
			ps.p++
		}
		return ps.pathState("")
	}
	switch c {
	case '?':
		ps.p++
		return ps.queryState()
	case '#':
		ps.p++
		return ps.fragmentState()
	case -1:
		return ps.finish()
	case '/':
		ps.p++
	}
	return ps.pathState("")
}

// pathState parses path segments from ps.p. buf is text already in the
// current segment's buffer (the Windows drive letter quirk of the file
// host state). The segments are written to ps.b as "/" + segment, with
// "." and ".." segments resolved as they end.
func (ps *urlParser) pathState(buf string) string {
	for {
		segStart := len(ps.b)
		ps.b = append(ps.b, '/')
		ps.b = urlstd.AppendEncoded(ps.b, buf, urlstd.Path)
		buf = ""
		for {
			c := ps.c()
			if c == -1 || ps.isSlash(c) || c == '?' || c == '#' {
				break
			}
			cb := byte(c)
			if urlstd.InSet(cb, urlstd.Path) {
				ps.b = pct.Append(ps.b, cb)
			} else {
				ps.b = append(ps.b, cb)
			}
			ps.p++
		}
		c := ps.c()
		slash := ps.isSlash(c)
		seg := string(ps.b[segStart+1:])
		switch {
		case urlstd.IsDoubleDot(seg):
			ps.b = ps.b[:segStart]
			ps.shortenPath()
			if !slash {
				ps.b = append(ps.b, '/')
			}
		case urlstd.IsSingleDot(seg):
			ps.b = ps.b[:segStart]
			if !slash {
				ps.b = append(ps.b, '/')
			}
		default:
			if ps.scheme == "file" && segStart == ps.u.pathStart && isWindowsDriveLetter(seg, false) {
				ps.b[segStart+2] = ':'
			}
		}
		ps.p++
		switch c {
		case -1:
			return ps.finish()
		case '?':
			return ps.queryState()
		case '#':
			return ps.fragmentState()
		}
	}
}

// shortenPath removes the last segment of the path written so far, unless
// it is the only segment of a file URL and a normalized drive letter.
func (ps *urlParser) shortenPath() {
	path := ps.b[ps.u.pathStart:]
	if ps.scheme == "file" && len(path) == 3 && isWindowsDriveLetter(string(path[1:]), true) {
		return
	}
	i := len(path) - 1
	for i >= 0 && path[i] != '/' {
		i--
	}
	if i < 0 {
		return
	}
	ps.b = ps.b[:ps.u.pathStart+i]
}

func (ps *urlParser) opaquePathState() string {
	ps.u.opaque = true
	ps.u.hostStart, ps.u.hostEnd = len(ps.b), len(ps.b)
	ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
	for {
		c := ps.c()
		switch c {
		case -1:
			return ps.finish()
		case '?':
			ps.p++
			return ps.queryState()
		case '#':
			ps.p++
			return ps.fragmentState()
		case ' ':
			if r := ps.in[ps.p+1:]; strings.HasPrefix(r, "?") || strings.HasPrefix(r, "#") {
				ps.b = append(ps.b, "%20"...)
			} else {
				ps.b = append(ps.b, ' ')
			}
		default:
			if urlstd.InSet(byte(c), urlstd.C0) {
				ps.b = pct.Append(ps.b, byte(c))
			} else {
				ps.b = append(ps.b, byte(c))
			}
		}
		ps.p++
	}
}

func (ps *urlParser) queryState() string {
	rest := ps.rest()
	q := rest
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		q = rest[:i]
	}
	ps.u.queryStart = len(ps.b)
	ps.b = append(ps.b, '?')
	set := urlstd.Query
	if ps.special {
		set = urlstd.SpecialQuery
	}
	if ps.enc != nil && ps.special && ps.scheme != "ws" && ps.scheme != "wss" && (!pct.IsASCII(q) || ps.encName == "iso-2022-jp") {
		ps.b = urlstd.AppendQuery(ps.b, q, ps.enc, ps.encName, set)
	} else {
		ps.b = urlstd.AppendEncoded(ps.b, q, set)
	}
	ps.p += len(q)
	if ps.eof() {
		return ps.finish()
	}
	ps.p++ // "#"
	return ps.fragmentState()
}

func (ps *urlParser) fragmentState() string {
	ps.u.fragStart = len(ps.b)
	ps.b = append(ps.b, '#')
	ps.b = urlstd.AppendEncoded(ps.b, ps.rest(), urlstd.Fragment)
	ps.p = len(ps.in)
	return ps.finish()
}

// finish applies the serializer's rule for a path that would otherwise
// read as an authority: "/." goes before a path starting with "//" when
// there is no host.
func (ps *urlParser) finish() string {
	u := &ps.u
	if !u.hasHost && !u.opaque {
		end := len(ps.b)
		if u.queryStart >= 0 {
			end = u.queryStart
		} else if u.fragStart >= 0 {
			end = u.fragStart
		}
		if end-u.pathStart >= 2 && ps.b[u.pathStart] == '/' && ps.b[u.pathStart+1] == '/' {
			ps.b = append(ps.b, 0, 0)
			copy(ps.b[u.pathStart+2:], ps.b[u.pathStart:])
			ps.b[u.pathStart], ps.b[u.pathStart+1] = '/', '.'
			u.pathStart += 2
			if u.queryStart >= 0 {
				u.queryStart += 2
			}
			if u.fragStart >= 0 {
				u.fragStart += 2
			}
		}
	}
	return ""
}

// File URLs.

func (ps *urlParser) fileState() string {
	ps.special = true
	ps.b = append(ps.b, "//"...)
	ps.u.hasHost = true
	ps.u.userEnd, ps.u.passEnd = len(ps.b), len(ps.b)
	ps.u.hostStart, ps.u.hostEnd = len(ps.b), len(ps.b)
	base := ps.base
	baseIsFile := base != nil && base.Scheme() == "file"
	c := ps.c()
	if c == '/' || c == '\\' {
		// File slash state.
		ps.p++
		c = ps.c()
		if c == '/' || c == '\\' {
			ps.p++
			return ps.fileHostState()
		}
		if baseIsFile {
			ps.b = append(ps.b, base.Hostname()...)
			ps.u.hostEnd = len(ps.b)
		}
		ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
		if baseIsFile && !startsWithWindowsDriveLetter(ps.rest()) {
			bp := base.Pathname()
			if len(bp) >= 3 && isWindowsDriveLetter(bp[1:3], true) && (len(bp) == 3 || bp[3] == '/') {
				ps.b = append(ps.b, bp[:3]...)
			}
		}
		return ps.pathState("")
	}
	if baseIsFile {
		ps.b = append(ps.b, base.Hostname()...)
		ps.u.hostEnd = len(ps.b)
		ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
		ps.copyBasePath()
		if reason, done := ps.afterBasePath(c); done {
			return reason
		}
		if !startsWithWindowsDriveLetter(ps.rest()) {
			ps.shortenPath()
		} else {
			ps.b = ps.b[:ps.u.pathStart]
		}
		return ps.pathState("")
	}
	ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
	return ps.pathState("")
}

func (ps *urlParser) fileHostState() string {
	rest := ps.rest()
	end := len(rest)
	for i := 0; i < len(rest); i++ {
		if c := rest[i]; c == '/' || c == '\\' || c == '?' || c == '#' {
			end = i
			break
		}
	}
	buf := rest[:end]
	ps.p += end
	if isWindowsDriveLetter(buf, false) {
		// The drive letter quirk: buf is the first path segment.
		ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
		return ps.pathState(buf) // ps.p is on the character that ended buf
	}
	if buf != "" {
		var reason string
		if ps.b, reason = appendHost(ps.b, buf, false); reason != "" {
			return reason
		}
		if string(ps.b[ps.u.hostStart:]) == "localhost" {
			ps.b = ps.b[:ps.u.hostStart]
		}
		ps.u.hostEnd = len(ps.b)
	}
	ps.u.authEnd, ps.u.pathStart = len(ps.b), len(ps.b)
	return ps.pathStartState()
}

func quote(s string) string { return "\"" + s + "\"" }
