package canon

import (
	"errors"
	"slices"
	"strings"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/urlstd"
	"github.com/relink-go/relink/iri"
)

// A Canonicalizer maps IRI references to a canonical form: the normal form
// of an iri.Level of the comparison ladder, then optional rewrites that are not
// equivalences of any specification but heuristics crawlers and archives
// use to reduce duplicates (3987bis section 5.3.4 calls this
// protocol-based normalization). Such rewrites can make two different
// resources compare equal; each option says what it risks.
//
// Crawlers disagree on these rewrites, so the options are named and
// composed rather than fixed; Standard, Crawler, UsuallySafe and SURT are
// ready-made profiles. A Canonicalizer is immutable and safe for
// concurrent use.
type Canonicalizer struct {
	level iri.Level
	mode  iri.Mode
	conv  *iri.Converter // parses in mode
	flags canonFlag
}

type canonFlag uint16

const (
	cfRemoveFragment canonFlag = 1 << iota
	cfRemoveEmptyQuery
	cfRemoveUserinfo
	cfLowercaseHost
	cfRemoveHostTrailingDot
	cfDecodeIPv4
	cfRemoveWWW
	cfLowercasePath
	cfRemoveTrailingSlash
	cfLowercaseQuery
	cfSortQuery
	cfSURTForm
	cfSURTScheme
	cfSURTTrailingComma
)

var canonFlagNames = [...]string{
	"remove-fragment", "remove-empty-query", "remove-userinfo",
	"lowercase-host", "remove-host-trailing-dot", "decode-ipv4", "remove-www",
	"lowercase-path", "remove-trailing-slash", "lowercase-query",
	"sort-query", "surt", "surt-scheme", "surt-trailing-comma",
}

// An Option configures a Canonicalizer. The options that take a bool
// turn a rewrite on or off, so that a profile can be derived from another
// with Canonicalizer.With.
type Option func(*Canonicalizer)

func flagOption(f canonFlag, on bool) Option {
	return func(c *Canonicalizer) {
		if on {
			c.flags |= f
		} else {
			c.flags &^= f
		}
	}
}

// AtLevel sets the level of the comparison ladder applied before the
// other rewrites (default iri.SchemeBased). With iri.MappedToURI, canonical forms
// are URIs.
func AtLevel(l iri.Level) Option { return func(c *Canonicalizer) { c.level = l } }

// InMode sets the mode references are parsed in (default LEIRI).
func InMode(m iri.Mode) Option {
	return func(c *Canonicalizer) { c.mode, c.conv = m, iri.NewConverter(iri.WithMode(m)) }
}

// RemoveFragment removes the fragment and its "#" (purell
// FlagRemoveFragment). 3987bis section 5.1 asks for it when comparing to
// select a network action: the fragment is not sent in a request.
func RemoveFragment(on bool) Option { return flagOption(cfRemoveFragment, on) }

// RemoveEmptyQuery removes a "?" with nothing after it (purell
// FlagRemoveEmptyQuerySeparator, IA query_strip_empty). RFC 3986 section
// 6.2.3 warns that "http://example.com/?" cannot be assumed equivalent to
// "http://example.com/", though servers almost always treat it so.
func RemoveEmptyQuery(on bool) Option { return flagOption(cfRemoveEmptyQuery, on) }

// RemoveUserinfo removes the userinfo and its "@" (IA auth_strip_user and
// auth_strip_pass): the same resource is often reached with and without
// credentials.
func RemoveUserinfo(on bool) Option { return flagOption(cfRemoveUserinfo, on) }

// LowercaseHost lowercases every letter of the host, non-ASCII letters of
// a host that is not a DNS name included, and never the hex digits of its
// escapes (purell FlagLowercaseHost). At SchemeBased and above a DNS host
// is already lowercase through IDNA; so is an ASCII host at SyntaxBased.
func LowercaseHost(on bool) Option { return flagOption(cfLowercaseHost, on) }

// RemoveHostTrailingDot removes the trailing dots of a host name
// ("example.com." becomes "example.com"). In DNS both name the same node,
// but an HTTP server can tell them apart through the Host header.
func RemoveHostTrailingDot(on bool) Option { return flagOption(cfRemoveHostTrailingDot, on) }

// DecodeIPv4 rewrites a host that ends in a number as the dotted-decimal
// IPv4 address that the URL Standard's IPv4 parser reads in it:
// "0x7f.1", "2130706433" and "0177.0.0.1" become "127.0.0.1" (purell
// FlagDecodeDWORDHost, FlagDecodeOctalHost and FlagDecodeHexHost; IA's
// Google canonicalizer). A host the parser rejects is left as it is.
func DecodeIPv4(on bool) Option { return flagOption(cfDecodeIPv4, on) }

// RemoveWWW removes a first label "www", or "www" followed by digits
// ("www2"), while at least two labels remain, as IA's host_massage does
// ("www.example.com" and "www2.example.com" become "example.com"; purell
// FlagRemoveWWW removes only "www."). Many sites serve other content on
// those names.
func RemoveWWW(on bool) Option { return flagOption(cfRemoveWWW, on) }

// LowercasePath lowercases the ASCII letters of the path outside escapes
// (IA path_lowercase). Paths are case-sensitive on most servers.
func LowercasePath(on bool) Option { return flagOption(cfLowercasePath, on) }

// RemoveTrailingSlash removes the slashes at the end of a path other than
// "/" ("/a/" and "/a//" become "/a"; purell FlagRemoveTrailingSlash, IA
// path_strip_trailing_slash_unless_empty, which remove one slash). The root
// path "/" stays, as scheme-based normalization requires.
func RemoveTrailingSlash(on bool) Option { return flagOption(cfRemoveTrailingSlash, on) }

// LowercaseQuery lowercases the ASCII letters of the query outside escapes
// (IA query_lowercase).
func LowercaseQuery(on bool) Option { return flagOption(cfLowercaseQuery, on) }

// SortQuery sorts the "&"-separated parameters of the query by name, then
// parameters without "=" before those with one, then by value, comparing
// bytes (IA query_alpha_reorder; purell FlagSortQuery, which also
// re-encodes and drops empty parameters). Parameters are kept as written,
// empty ones included: "b=2&a=1&" becomes "&a=1&b=2".
func SortQuery(on bool) Option { return flagOption(cfSortQuery, on) }

// SURTForm makes Canonicalize return the Sort-friendly URI Reordering
// Transform of the canonical reference, the key of the Internet Archive's
// CDX indexes: the host labels reversed and joined with ",", closed by
// ")", then the path, query and fragment: "http://www.example.com/a?b"
// gives "com,example,www)/a?b". The details follow IA's surt library with
// its default formatting options:
//
//   - the scheme and "://(" are left out unless SURTScheme is on;
//   - userinfo, when kept, comes first and ends with "@"; the port
//     follows the host as ":port", inside the parenthesis;
//   - a dotted-decimal IPv4 host is reversed too ("1.2.3.4" gives
//     "4,3,2,1)"), an IP literal is written as it is;
//   - an empty path is written "/" when a query or fragment follows;
//   - a reference without an authority or with an empty host
//     ("mailto:a@example.org", "file:///x", "dns:example.org") is
//     returned as its canonical form, not transformed.
//
// A SURT is not a URI reference: it is a key to compare and sort.
func SURTForm(on bool) Option { return flagOption(cfSURTForm, on) }

// SURTScheme keeps the scheme in SURTForm: "http://(com,example,www)/a"
// (IA with_scheme).
func SURTScheme(on bool) Option { return flagOption(cfSURTScheme, on) }

// SURTTrailingComma ends the reversed host of SURTForm with a comma,
// "com,example,www,)", so that a prefix of the key matches a domain and
// its subdomains only (IA trailing_comma; not after an IPv4 address).
// With SURTScheme it gives the conventional form of Heritrix SURT
// prefixes, "http://(com,example,www,)/".
func SURTTrailingComma(on bool) Option { return flagOption(cfSURTTrailingComma, on) }

// New returns a Canonicalizer configured by opts. Without options it
// normalizes at iri.SchemeBased in iri.LEIRI mode and does nothing else,
// as Standard does.
func New(opts ...Option) *Canonicalizer {
	c := &Canonicalizer{level: iri.SchemeBased, mode: iri.LEIRI, conv: leiri}
	for _, o := range opts {
		o(c)
	}
	return c
}

// With returns a new Canonicalizer with the configuration of c changed by
// opts: Crawler.With(SortQuery(true)).
func (c *Canonicalizer) With(opts ...Option) *Canonicalizer {
	d := *c
	for _, o := range opts {
		o(&d)
	}
	return &d
}

// leiri parses in the default mode.
var leiri = iri.NewConverter()

// Ready-made profiles.
var (
	// Standard applies the scheme-based normalization of 3987bis
	// (iri.SchemeBased) and nothing beyond the standard. It is the default.
	Standard = New()

	// Crawler is for deciding whether two links lead to the same request:
	// MappedToURI (what is requested is the URI; IDN hosts as A-labels,
	// lowercase), the fragment removed, the host lowercased and its
	// trailing dot removed. The query keeps its order, its empty "?" and
	// its case, the path its trailing slash: those change the request.
	Crawler = New(AtLevel(iri.MappedToURI), RemoveFragment(true),
		LowercaseHost(true), RemoveHostTrailingDot(true))

	// UsuallySafe mirrors purell's FlagsUsuallySafeGreedy (v1.2.1):
	// FlagLowercaseScheme, FlagLowercaseHost, FlagUppercaseEscapes,
	// FlagDecodeUnnecessaryEscapes and FlagEncodeNecessaryEscapes (with the
	// host IDNA purell always applies: MappedToURI), FlagRemoveDefaultPort,
	// FlagRemoveEmptyQuerySeparator (RemoveEmptyQuery),
	// FlagRemoveTrailingSlash (RemoveTrailingSlash) and
	// FlagRemoveDotSegments. Where purell departs from RFC 3986 this profile
	// follows the RFC: the root path stays ("http://h/", which purell
	// makes "http://h"), "%2F" stays encoded (purell decodes it to "/"),
	// the query is percent-encoded like the path, an empty port is removed
	// and so are the default ports of every scheme SchemeBased knows
	// (purell: 80 for http and 443 for https only), and every trailing
	// slash goes ("/dir//" gives "/dir"; purell removes one).
	UsuallySafe = New(AtLevel(iri.MappedToURI), LowercaseHost(true),
		RemoveEmptyQuery(true), RemoveTrailingSlash(true))

	// SURT gives the keys of IA's surt library with its default options
	// (surt.surt(url): DefaultIAURLCanonicalizer, no scheme, no trailing
	// comma): MappedToURI, then the fragment, userinfo, "www" labels, the
	// host's trailing dots, trailing slashes and an empty query removed,
	// IPv4 number forms decoded, host, path and query lowercased, query
	// parameters sorted, and the result in SURTForm:
	// "http://www.Example.com/A/?b=2&a=1#f" gives "com,example)/a?a=1&b=2".
	//
	// Its keys differ from IA's in these ways: it does not strip session
	// ids (jsessionid, PHPSESSID, ASP.NET and ColdFusion ids, which IA
	// removes from paths and queries); it does not unescape repeatedly and
	// re-escape as IA's Google Safe Browsing canonicalizer does (IA turns
	// "%28" into "(" and a "%2F" in a path into "/", which RFC 3986 keeps
	// apart); it lowercases ASCII letters but not the hex digits of
	// escapes; it removes the default ports of more schemes than http and
	// https; it keeps leading and repeated dots in host names (IA removes
	// them); it removes "www" labels repeatedly where IA removes one; it
	// does not add "http://" to a reference without a scheme; and it maps
	// IDN hosts with UTS #46 rather than IDNA2003.
	SURT = New(AtLevel(iri.MappedToURI), RemoveFragment(true),
		RemoveUserinfo(true), LowercaseHost(true), RemoveHostTrailingDot(true),
		DecodeIPv4(true), RemoveWWW(true), LowercasePath(true),
		RemoveTrailingSlash(true), LowercaseQuery(true), SortQuery(true),
		RemoveEmptyQuery(true), SURTForm(true))
)

// Level returns the normalization level c applies first.
func (c *Canonicalizer) Level() iri.Level { return c.level }

// Mode returns the mode c parses references in.
func (c *Canonicalizer) Mode() iri.Mode { return c.mode }

// String describes the configuration: the level, the mode when it is not
// LEIRI, and the options that are on, joined with "+"
// ("mapped-to-uri+remove-fragment+lowercase-host").
func (c *Canonicalizer) String() string {
	parts := []string{c.level.String()}
	if c.mode != iri.LEIRI {
		parts = append(parts, c.mode.String())
	}
	for i, name := range canonFlagNames {
		if c.flags&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, "+")
}

// Canonicalize returns the canonical form of the IRI reference s: its
// normal form at c's level (see iri.Converter.Normalize), rewritten by c's
// options in the order they are documented, or with SURTForm its SURT.
// Canonicalize is idempotent except with SURTForm (a SURT is not a
// reference), and returns s itself without allocating when s is already
// canonical. It fails when Normalize fails; the error is an *iri.Error
// with Op "canonicalize" and Input s.
func (c *Canonicalizer) Canonicalize(s string) (string, error) {
	// One parse into r, which stays on the stack, normalized in place.
	var r iri.Reference
	changed, err := c.conv.ParseNormal(&r, s, c.level)
	if err != nil {
		return "", opError(err, "")
	}
	t := s // the normal form when not changed
	if c.rewrite(&r) {
		// A rewrite can enable a rule of the level: "file://u@localhost/"
		// without its userinfo is "file:///". The rewritten reference is
		// parsed again in c's mode, as its text would be.
		t = r.String()
		if changed, err = c.conv.ParseNormal(&r, t, c.level); err != nil {
			return "", opError(err, s)
		}
	}
	if c.flags&cfSURTForm != 0 {
		return c.surt(&r), nil
	}
	if !changed {
		return t, nil
	}
	return r.String(), nil
}

// opError makes err, an *iri.Error, an error of Canonicalize. When err
// is about a rewrite of the input rather than the input, in is the input:
// the error then names it, at no offset.
func opError(err error, in string) error {
	if e, ok := errors.AsType[*iri.Error](err); ok {
		e.Op = "canonicalize"
		if in != "" {
			e.Input, e.Offset = in, -1
		}
	}
	return err
}

// Equivalent reports whether a and b have the same canonical form. The
// error is the one Canonicalize returns for a or b.
func (c *Canonicalizer) Equivalent(a, b string) (bool, error) {
	ca, err := c.Canonicalize(a)
	if err != nil {
		return false, err
	}
	cb, err := c.Canonicalize(b)
	if err != nil {
		return false, err
	}
	return ca == cb, nil
}

// rewrite applies the options of c to r, which is normalized at c's level,
// and reports whether anything changed.
func (c *Canonicalizer) rewrite(r *iri.Reference) bool {
	f := c.flags
	changed := false
	if f&cfRemoveUserinfo != 0 && r.HasUserinfo {
		r.Userinfo, r.HasUserinfo, changed = "", false, true
	}
	if r.HasAuthority && !strings.HasPrefix(r.Host, "[") {
		h := r.Host
		if f&cfLowercaseHost != 0 {
			h, _ = pct.LowerOutside(h, true)
		}
		if f&cfRemoveHostTrailingDot != 0 {
			if t := strings.TrimRight(h, "."); t != "" {
				h = t
			}
		}
		if f&cfDecodeIPv4 != 0 && !isDottedQuad(h) && urlstd.EndsInNumber(h) {
			if v, ok := urlstd.ParseIPv4(h); ok {
				h = string(urlstd.AppendIPv4(nil, v))
			}
		}
		if f&cfRemoveWWW != 0 {
			h = removeWWW(h)
		}
		if h != r.Host {
			r.Host, changed = h, true
		}
	}
	p := r.Path
	if f&cfLowercasePath != 0 {
		p, _ = pct.LowerOutside(p, false)
	}
	// Removing slashes can expose a dot segment ("/.//" ends "/."), and
	// removing that a slash ("/a/." gives "/a/"): each turn makes the
	// path shorter.
	for f&cfRemoveTrailingSlash != 0 && len(p) > 1 && p[len(p)-1] == '/' {
		if t := strings.TrimRight(p, "/"); t != "" {
			p = t
		} else {
			p = "/"
		}
		p = removeDotSegments(r, p)
	}
	if p != r.Path {
		r.Path, changed = p, true
	}
	if r.HasQuery {
		q := r.Query
		if f&cfLowercaseQuery != 0 {
			q, _ = pct.LowerOutside(q, false)
		}
		if f&cfSortQuery != 0 {
			q = sortQuery(q)
		}
		if q != r.Query {
			r.Query, changed = q, true
		}
		if f&cfRemoveEmptyQuery != 0 && r.Query == "" {
			r.HasQuery, changed = false, true
		}
	}
	if f&cfRemoveFragment != 0 && r.HasFragment {
		r.Fragment, r.HasFragment, changed = "", false, true
	}
	return changed
}

// removeDotSegments returns path, the path of r, with its dot segments
// removed as resolution removes them, unless r is a relative-path
// reference; resolution also keeps a path without an authority from
// beginning with "//".
func removeDotSegments(r *iri.Reference, path string) string {
	if r.Scheme == "" && !r.HasAuthority && !strings.HasPrefix(path, "/") || !hasDotSegment(path) {
		return path
	}
	// Against an empty base, a reference with a scheme, an authority or
	// an absolute path resolves to itself less its dot segments.
	ref := *r
	ref.Path = path
	return new(iri.Reference).ResolveReference(&ref).Path
}

// hasDotSegment reports whether path has a "." or ".." segment. (A
// normal path that begins with "//" without an authority is written
// "/.//...", so it has one.)
func hasDotSegment(path string) bool {
	for seg := range strings.SplitSeq(path, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// isDottedQuad reports whether h is an IPv4 address in the dotted-decimal
// form DecodeIPv4 writes: four decimal numbers up to 255 without leading
// zeros.
func isDottedQuad(h string) bool {
	n := 0
	for part := range strings.SplitSeq(h, ".") {
		n++
		if n > 4 || part == "" || len(part) > 3 || len(part) > 1 && part[0] == '0' {
			return false
		}
		v := 0
		for i := 0; i < len(part); i++ {
			c := part[i]
			if c < '0' || c > '9' {
				return false
			}
			v = v*10 + int(c-'0')
		}
		if v > 255 {
			return false
		}
	}
	return n == 4
}

// removeWWW removes the first labels of h that are "www" or "www"
// followed by digits, as long as two labels remain.
func removeWWW(h string) string {
	for {
		dot := strings.IndexByte(h, '.')
		if dot < 3 || !strings.EqualFold(h[:3], "www") || strings.IndexByte(h[dot+1:], '.') < 0 {
			return h
		}
		for i := 3; i < dot; i++ {
			if h[i] < '0' || h[i] > '9' {
				return h
			}
		}
		h = h[dot+1:]
	}
}

// queryParamCompare orders query parameters for SortQuery: by name, then
// without "=" before with, then by value.
func queryParamCompare(a, b string) int {
	an, av, aeq := strings.Cut(a, "=")
	bn, bv, beq := strings.Cut(b, "=")
	if c := strings.Compare(an, bn); c != 0 {
		return c
	}
	switch {
	case aeq == beq:
		return strings.Compare(av, bv)
	case !aeq:
		return -1
	}
	return 1
}

// sortQuery sorts the parameters of q (see SortQuery), returning q itself
// when they are in order.
func sortQuery(q string) string {
	sorted := true
	prev, rest, more := strings.Cut(q, "&")
	for more {
		var cur string
		cur, rest, more = strings.Cut(rest, "&")
		if queryParamCompare(prev, cur) > 0 {
			sorted = false
			break
		}
		prev = cur
	}
	if sorted {
		return q
	}
	params := strings.Split(q, "&")
	slices.SortFunc(params, queryParamCompare)
	return strings.Join(params, "&")
}

// surt writes the SURT of the canonical reference r (see SURTForm).
func (c *Canonicalizer) surt(r *iri.Reference) string {
	if !r.HasAuthority || r.Host == "" {
		return r.String()
	}
	b := make([]byte, 0, len(r.Scheme)+len(r.Userinfo)+len(r.Host)+len(r.Port)+
		len(r.Path)+len(r.Query)+len(r.Fragment)+10)
	if c.flags&cfSURTScheme != 0 {
		if r.Scheme != "" {
			b = append(b, r.Scheme...)
			b = append(b, ':')
		}
		b = append(b, "//("...)
	}
	if r.HasUserinfo {
		b = append(b, r.Userinfo...)
		b = append(b, '@')
	}
	h := r.Host
	switch {
	case strings.HasPrefix(h, "["):
		b = append(b, h...)
	default:
		for i := len(h); i >= 0; {
			j := strings.LastIndexByte(h[:i], '.')
			b = append(b, h[j+1:i]...)
			if j >= 0 {
				b = append(b, ',')
			}
			i = j
		}
	}
	if r.HasPort {
		b = append(b, ':')
		b = append(b, r.Port...)
	}
	if c.flags&cfSURTTrailingComma != 0 && !strings.HasPrefix(h, "[") && !isDottedQuad(h) {
		b = append(b, ',')
	}
	b = append(b, ')')
	b = append(b, r.Path...)
	if r.Path == "" && (r.HasQuery || r.HasFragment) {
		b = append(b, '/')
	}
	if r.HasQuery {
		b = append(b, '?')
		b = append(b, r.Query...)
	}
	if r.HasFragment {
		b = append(b, '#')
		b = append(b, r.Fragment...)
	}
	return string(b)
}
