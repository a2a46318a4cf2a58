package textlink

import (
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
)

// MaxLen is the longest link, in bytes, that Find and Scanner report. It
// bounds the lookahead of a Scanner: a scanner never holds more than about
// twice this many bytes of the text it has already copied, however long
// the input.
//
// A candidate longer than this is dropped, not cut: nothing of it is
// reported, and detection starts again after the next character that ends
// links (white space, a control, a bidi formatting character). Dropping is
// chosen because a link cut at an arbitrary byte is a different, broken
// link. Find follows the same rule, so that every way of reading a text
// finds the same links. A dropped candidate is not silent for a caller that asks:
// FindOversize and Scanner.Oversize report each such candidate.
const MaxLen = 8 << 10

// A Match is a link found in plain text.
//
// Raw is the text of the link, text[Start:End] exactly. The link as meant,
// Value, differs from Raw only for a link wrapped across lines inside
// angle brackets (RFC 3986 appendix C), which Wrapped reports:
//
//	<http://example.com/very/long/
//	   path>
//
// is reported with Raw spanning the whole interior of the brackets,
// newline and indentation included, and Value
// "http://example.com/very/long/path", the white space removed.
//
// Scheme is the scheme as the text writes it, in lower case ("https",
// "mailto"); it is empty for a link written without one: a domain name
// such as www.example.com or example.com/path, or an email address.
// Email reports an email address, with or without "mailto:".
//
// Raw is never a copy: in the matches of Find it is a slice of the text
// searched, and in the match a Scanner gives its function a slice of the
// scanner's own buffer, valid only until the function returns.
type Match struct {
	Start, End int64  // byte span of the link in the text
	Raw        []byte // the bytes of the link: text[Start:End]
	Scheme     string // lower-case scheme as written; "" when the text writes none
	Email      bool   // an email address (local-part@domain), with or without mailto:
	Wrapped    bool   // Raw holds white space that Value leaves out (a link wrapped inside <...>)
}

// Value returns the link as meant, as a new string: Raw without the white
// space of a wrapped link.
func (m *Match) Value() string {
	if !m.Wrapped {
		return string(m.Raw)
	}
	return string(m.AppendValue(make([]byte, 0, len(m.Raw))))
}

// AppendValue appends the link as meant, Raw without the white space of a
// wrapped link, to dst and returns the extended slice.
func (m *Match) AppendValue(dst []byte) []byte {
	if !m.Wrapped {
		return append(dst, m.Raw...)
	}
	for i := 0; i < len(m.Raw); {
		r, n := utf8.DecodeRune(m.Raw[i:])
		if !unicode.Is(unicode.White_Space, r) {
			dst = append(dst, m.Raw[i:i+n]...)
		}
		i += n
	}
	return dst
}

// URI returns the link as an absolute URI, ready to fetch or to put in an
// href: "mailto:" is put before an email address written without it, and
// "http://" before a domain name written without a scheme (http rather
// than https because a server that offers https almost always redirects
// http to it, while the reverse fails; a caller with a better guess can
// use Value). The result is then mapped to a URI by iri.ToURI, which
// percent-encodes the non-ASCII characters of the path, query and fragment
// as UTF-8 and converts an internationalized host name with IDNA. The
// error is iri.ToURI's: RFC 3987 has no place for a "[" in a path or a
// "%" not followed by two hexadecimal digits, which the URL Standard
// takes (see Href, the href a browser requests, which packages extract
// and linkify report).
func (m *Match) URI() (string, error) {
	prefix := ""
	switch {
	case m.Scheme != "":
	case m.Email:
		prefix = "mailto:"
	default:
		prefix = "http://"
	}
	if m.Wrapped {
		return iri.ToURI(string(m.AppendValue([]byte(prefix))))
	}
	return iri.ToURI(prefix + string(m.Raw))
}

// Href returns the link as the URL Standard writes it: the href that a
// browser requests for it, what package weburl's parser makes of the
// link as meant (Value) with "mailto:" put before an email address
// written without it and "http://" before a domain name written without a
// scheme, as URI does. It is the answer for a link in text that an
// attribute holding the same text gets: the characters the Standard
// leaves as they are stay so ("[", "]", "|", "{", a "%" not followed by
// two hexadecimal digits), a "\" in the path of an http link is "/",
// and the query is UTF-8. The error is the parser's, for a link it
// rejects.
//
// Href is not always a URI (RFC 3986): URI is, and differs where the
// Standard keeps a character that RFC 3986 does not allow.
func (m *Match) Href() (string, error) {
	prefix := ""
	switch {
	case m.Scheme != "":
	case m.Email:
		prefix = "mailto:"
	default:
		prefix = "http://"
	}
	u, err := weburl.Parse(string(m.AppendValue([]byte(prefix))), nil)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// Strict reports whether the match is a link that strict detection takes
// (see the package doc): one written with a scheme, or an email address.
func (m *Match) Strict() bool { return m.Scheme != "" || m.Email }

// Find returns the links in text, in order; the spans do not overlap. It
// returns nil when there are none. The Raw of each match is a slice of
// text, not a copy.
//
// A link is found from its host name or its scheme, never from its path:
//
//   - A domain name whose last label is a top-level domain of the ICANN
//     section of the Public Suffix List (golang.org/x/net/publicsuffix), in
//     any case, as an A-label or a U-label: example.com, www.example.com,
//     deΩ.uk, 普遍适用测试。我爱你. Labels are letters, marks and digits of
//     any script, "-" and "_" (not first or last), separated by "." or
//     "。", "．", "｡"; "_" around a name is not part of it (_example.com_).
//     Without a scheme, a name whose TLD is not real (example.invalid,
//     file.txt, localhost) is not a link; a name with an empty label or a
//     label that starts or ends with "-" is not a link at all; a single
//     trailing dot is kept only before a path. A name followed by "@", or
//     by local-part characters and then "@", is part of an address,
//     unless it is itself the domain of an address: the domain ends the
//     address, and what follows starts the next one
//     (alice@example.org|bob@example.org is two).
//   - An email address: a domain name as above preceded by "@" and a
//     local part of Link_Email characters (UTS #58) that neither starts nor
//     ends with "." nor holds ".."; brackets and quotation marks before it
//     are not part of it ({joe@example.com}). "mailto:" or "xmpp:" before
//     it is part of the link, and then the domain needs no real TLD
//     (mailto:root@localhost) and mailto's "?subject=..." fields are
//     included. The link ends with the domain name. A local part that
//     begins with "//" after ":" is the user name of a URL, and such a URL
//     is not linked (UTS #58: userinfo is deprecated and used for
//     spoofing).
//   - A URL with one of the schemes the package doc lists. The schemes
//     with a host (http, https, ftp, irc, ircs, nntp) need "//" and a host:
//     a name whose TLD need not be real (localhost, intranet), in which
//     symbols and emoji are also allowed (http://📙.la/), an IPv4 address
//     in the forms the URL Standard accepts (a name whose last label is a
//     number must be one), or a bracketed IPv6 address; then an optional
//     port (up to 65535). A user name makes the whole URL unlinked:
//     http://user@host/ is not a link. The body of tel: and sms: must start
//     with "+" or a digit, hold at least three digits and otherwise only
//     ASCII letters (for parameters) and the characters - . ( ) * # ; = ,
//     and % before an optional "?" (sms only). A URL of an unlisted or
//     forbidden scheme written with "//" is skipped up to the next white
//     space, so that no part of it is linked on its own, and nothing right
//     after a forbidden scheme is linked
//     (javascript://example.com/%0Aalert(1)). A protocol-relative
//     //example.com is not a URL; the name in it is linked as a domain name
//     written without a scheme.
//
// After the host (and port) come the path, query and fragment, scanned with
// the Link_Term and Link_Bracket properties of UTS #58: Include characters
// are part of the link; Soft ones (. , : ; ? ! ' " and the like in every
// script) only when something included follows; Hard ones (white space,
// controls, unassigned code points, and here also the bidi formatting
// characters U+061C, U+200E, U+200F, U+202A-U+202E and U+2066-U+2069) end
// it; an opening bracket is part of it, and a closing bracket only when it
// closes the last bracket opened in the same part (path segment, query
// field, fragment directive). So a non-ASCII character never ends a link
// by itself, as RFC 3987 section 8.3 asks. Bytes that are not valid UTF-8
// are Hard. A link right after a double quote or a backtick ends before
// the quote that closes it ("https://a/","https://b/" is two links).
// Four rules of this package's own keep a link from taking in the prose
// around it (the package doc, "Where a link ends in prose", gives them in
// full): an ASCII "<" is Hard here, and so are "。", "、" and their
// halfwidth forms; a link between emphasis delimiters (**...**) ends
// before the closing run; a path that ends in AsciiDoc link text
// (url[text]) ends before the "[".
//
// A link that starts right after "<" (or "<URL:") and is followed, after
// white space that contains a line break, by more text and then ">" is
// taken to be wrapped across lines (RFC 3986 appendix C): its span covers
// the whole interior of the brackets, and its Value has the white space
// removed. Without white space the brackets only make the link run up to
// the ">"; with white space that holds no line break they change nothing.
//
// A candidate longer than MaxLen bytes is dropped, and so is one whose end
// is not decided within 16 bytes after that (a long run of Soft
// characters); FindOversize tells of them.
func Find(text []byte) []Match {
	return FindOversize(text, nil)
}

// FindOversize is Find that also calls dropped, when not nil, for each
// candidate it drops for being longer than MaxLen, in order, with the
// offset in text where it starts (as Scanner.Oversize gives it). Only a text longer than MaxLen can hold one.
func FindOversize(text []byte, dropped func(offset int64)) []Match {
	var links []Match
	in := input{b: text, eof: true}
	st := state{dropped: dropped}
	var m Match
	for st.next(&in, &m) {
		links = append(links, m)
	}
	return links
}
