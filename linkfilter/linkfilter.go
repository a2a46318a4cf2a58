// Package linkfilter selects the links of a document by where they are
// written and where they point.
//
// A Filter is made from Options by New; its Match takes or leaves one
// extract.Link at a time, as relink extract and relink warc do with their
// filter flags (--scheme, --tag, --attr, --role, --rel, --host,
// --same-site, --external).
//
// # Sites
//
// Two hosts are the same site when they have the same registrable domain
// (RegistrableDomain): the public suffix and one more label, from the
// Public Suffix List built into golang.org/x/net/publicsuffix, so that
// www.example.co.uk and shop.example.co.uk are one site. The scheme and
// port do not count. A host that is an IP address or a public suffix is
// its own site.
package linkfilter

import (
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/iri"
)

// Site selects links by the site of their host against the document's
// own URL.
type Site uint8

const (
	AnySite  Site = iota // every link, whatever its host
	SameSite             // the links to the document's own site
	External             // the links to another site
)

// Options say which links a Filter takes. A link passes when it matches
// one value of each field that is set; the zero Options take every link.
// Values are compared in any case.
type Options struct {
	Schemes []string        // the URI's scheme (http, mailto...); a relative reference has none
	Tags    []string        // the element that holds the link (a, img...); a link in text has none
	Attrs   []string        // the attribute that holds the link (href, src...)
	Roles   []htmlattr.Role // what the link is for; 0 for a link found in text
	Rels    []string        // a token of the rel attribute (nofollow, stylesheet...)
	// Hosts are host names, each taking itself and its subdomains:
	// example.org takes www.example.org, not example.org.uk. A name
	// may be given in Unicode; an IP address as written in a URL
	// ("192.168.0.1", "[::1]"); never with a port.
	Hosts []string
	// Site compares the site of the link's host with that of the
	// document's URL, the doc argument of Match. A relative reference
	// left unresolved is same-site; without a document URL, every link
	// with a host is external; a link with a scheme but no host
	// (mailto:, data:) is neither.
	Site Site
}

// A Filter takes or leaves links. Its zero value takes every link. A
// Filter is not safe for concurrent use: it remembers the site of the
// last document URL.
type Filter struct {
	schemes, tags, attrs, rels, hosts []string // in lower case; hosts as in a URI
	roles                             uint16   // bit r for each htmlattr.Role r wanted
	site                              Site
	on                                bool

	doc     string // the last document URL Match was given
	docSite string // its site, "" for none
}

// An Error reports a value of Options that New cannot use.
type Error struct {
	Field string // the kind of value: "scheme", "role" or "host"
	Value string // the value, as given
	Want  string // what a value must be
}

// Error returns "linkfilter: invalid", the field, the quoted value and
// what is wanted.
func (e *Error) Error() string {
	return "linkfilter: invalid " + e.Field + " " + strconv.Quote(e.Value) + " (want " + e.Want + ")"
}

// New returns a Filter that takes the links opts describes, or an *Error
// for a value that can match no link.
func New(opts Options) (*Filter, error) {
	f := &Filter{site: opts.Site}
	for _, s := range opts.Schemes {
		if !isScheme(s) {
			return nil, &Error{"scheme", s, "a URI scheme such as http or mailto, without ':'"}
		}
		f.schemes = append(f.schemes, strings.ToLower(s))
	}
	f.tags = lower(opts.Tags)
	f.attrs = lower(opts.Attrs)
	f.rels = lower(opts.Rels)
	for _, r := range opts.Roles {
		if r > htmlattr.RoleSpeculative {
			return nil, &Error{"role", r.String(), "one of htmlattr's roles, or 0 for a link in text"}
		}
		f.roles |= 1 << r
	}
	conv := iri.NewConverter(iri.WithMode(iri.Web))
	for _, s := range opts.Hosts {
		u, err := conv.ToURI("http://" + s + "/")
		h, rest, _ := strings.Cut(strings.TrimPrefix(u, "http://"), "/")
		port := strings.LastIndexByte(s, ':') > strings.LastIndexByte(s, ']')
		if err != nil || strings.ContainsAny(s, "/?#@\\") || h == "" || rest != "" || port {
			return nil, &Error{"host", s, "a host name such as example.org"}
		}
		f.hosts = append(f.hosts, h)
	}
	if opts.Site > External {
		return nil, &Error{"site", strconv.Itoa(int(opts.Site)), "AnySite, SameSite or External"}
	}
	f.on = len(f.schemes)+len(f.tags)+len(f.attrs)+len(f.rels)+len(f.hosts) > 0 || f.roles != 0 || f.site != AnySite
	return f, nil
}

func lower(s []string) []string {
	var l []string
	for _, v := range s {
		l = append(l, strings.ToLower(v))
	}
	return l
}

// isScheme reports whether s is a URI scheme (RFC 3986, section 3.1).
func isScheme(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isAlpha(c) && !('0' <= c && c <= '9') && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// Match reports whether the link l, found in the document whose own URL
// is doc ("" when unknown), passes the filter. The scheme, host and site
// are those of l.Href; an invalid link (no Href) has none.
func (f *Filter) Match(l *extract.Link, doc string) bool {
	if f == nil || !f.on {
		return true
	}
	if len(f.tags) > 0 && !slices.Contains(f.tags, l.Tag) ||
		len(f.attrs) > 0 && !slices.Contains(f.attrs, l.Attr) ||
		f.roles != 0 && (l.Role > htmlattr.RoleSpeculative || f.roles&(1<<l.Role) == 0) {
		return false
	}
	if len(f.rels) > 0 && !f.relMatch(l.Rel) {
		return false
	}
	scheme, host, hasHost := split(l.Href)
	if len(f.schemes) > 0 && !slices.Contains(f.schemes, scheme) {
		return false
	}
	if len(f.hosts) > 0 && (!hasHost || !slices.ContainsFunc(f.hosts, func(h string) bool { return HostWithin(host, h) })) {
		return false
	}
	if f.site != AnySite {
		if l.Href == "" || scheme != "" && !hasHost {
			return false // no host: mailto:, data:, an invalid link
		}
		same := !hasHost && scheme == "" // an unresolved relative reference
		if hasHost {
			if doc != f.doc {
				f.doc, f.docSite = doc, ""
				if _, dh, ok := split(doc); ok && dh != "" {
					f.docSite = RegistrableDomain(dh)
				}
			}
			same = f.docSite != "" && host != "" && RegistrableDomain(host) == f.docSite
		}
		if same != (f.site == SameSite) {
			return false
		}
	}
	return true
}

// relMatch reports whether one of the space-separated tokens of rel is
// one of f.rels.
func (f *Filter) relMatch(rel string) bool {
	for _, t := range strings.FieldsFunc(rel, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' }) {
		for _, w := range f.rels {
			if strings.EqualFold(t, w) {
				return true
			}
		}
	}
	return false
}

// split returns the scheme of the URI or relative reference u, in lower
// case ("" for a relative reference), and its host without user
// information or port ("" and hasHost false when it has no authority,
// or u is not a reference).
func split(u string) (scheme, host string, hasHost bool) {
	r, err := iri.Parse(u)
	if err != nil {
		return "", "", false
	}
	return strings.ToLower(r.Scheme), r.Host, r.HasAuthority
}

// HostWithin reports whether host is domain or one of its subdomains, in
// any case; a final "." of host is ignored.
func HostWithin(host, domain string) bool {
	host = strings.TrimSuffix(host, ".")
	if len(host) < len(domain) || !strings.EqualFold(host[len(host)-len(domain):], domain) {
		return false
	}
	return len(host) == len(domain) || host[len(host)-len(domain)-1] == '.'
}

// RegistrableDomain returns the site of host, as a URL writes it (an
// internationalized name in punycode): its registrable domain (its public
// suffix and one more label) in lower case, with no final "."; or host
// itself, so written, when it has none (an IP address, a public suffix, a
// single label).
func RegistrableDomain(host string) string {
	h := strings.TrimSuffix(asciiLower(host), ".")
	if h == "" || strings.HasPrefix(h, "[") || isIPv4(h) {
		return h
	}
	if s, err := publicsuffix.EffectiveTLDPlusOne(h); err == nil {
		return s
	}
	return h
}

// isIPv4 reports whether h is written as an IPv4 address (the URL
// Standard writes them as four decimal numbers).
func isIPv4(h string) bool {
	n := 0
	for p := range strings.SplitSeq(h, ".") {
		if _, err := strconv.ParseUint(p, 10, 8); err != nil {
			return false
		}
		n++
	}
	return n == 4
}

// asciiLower returns s with its ASCII letters in lower case, and its
// other bytes as they are: a host in a URI is ASCII.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
