package linkify

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/iri"
)

// A Link is a link about to be written, as Options.Edit sees it: found
// by a Linkifier in plain text or by an HTML linkifier in the text of a
// document. Edit may change Href, Text, Title, Rel and Target.
type Link struct {
	// Value is the link as written (character references decoded, in
	// HTML), without a scheme when written without one:
	// "www.example.com/a?b=1&c=2", "joe@example.com".
	Value string
	// Start and End are the link's span: for a Linkifier, byte offsets
	// in its text decoded to UTF-8; for an HTML linkifier, offsets in the
	// document as read.
	Start, End int64
	// Email reports an email address (written with "mailto:" or not).
	Email bool
	// Href is the URI the link points to (RFC 3986: ASCII, "[", "]" and
	// a stray "%" percent-encoded), "http://" put before a link written
	// without a scheme and "mailto:" before an email address. A new Href
	// is taken as a URI again (extract.Link.URI) and must be of a scheme
	// a Linkifier links (see Linkifier), else the link is left as text.
	Href string
	// Text is the visible text: the link as written in its display form
	// (iri.ToIRI), shortened as Options.MaxText says.
	Text string
	// Title is the title attribute: the link's whole display form when
	// Text is shortened, and else empty (none is written). Markdown
	// writes it as the link's title.
	Title string
	// Rel and Target are the rel and target attributes, as Options say
	// ("" when none is written); HTML only.
	Rel, Target string
}

// linker decides how the links found are written: what Linkifier and
// HTML share.
type linker struct {
	opts Options
	rel  string // the rel attribute, "" for none
	web  *iri.Converter
}

func newLinker(opts Options) linker {
	rel := opts.Rel
	if rel == "" {
		rel = DefaultRel
	}
	if opts.NoRel {
		rel = ""
	}
	return linker{opts: opts, rel: rel, web: iri.NewConverter(iri.WithMode(iri.Web))}
}

// decide returns the link to write for value, a link found written
// with a scheme or not, and an email address or not, and whether it is
// written: false when it has no URI of a scheme to link (invalid
// reports that), or Options.Edit refused it.
func (k *linker) decide(value string, start, end int64, scheme, email bool) (l Link, ok, invalid bool) {
	prefix := ""
	if !scheme {
		prefix = "http://"
		if email {
			prefix = "mailto:"
		}
	}
	ref := value
	if email && !scheme {
		ref = mailtoAddr(value)
	}
	href, err := k.web.ToURI(prefix + ref)
	if err == nil {
		// The URL Standard's href may keep what a URI may not ("[", "|",
		// a stray "%"): the URI names the same resource.
		href, _ = (&extract.Link{Href: href}).URI()
	}
	if err != nil || !safeURI(href) {
		return Link{}, false, true
	}
	display, err := iri.ToIRI(prefix + value)
	if err != nil || strings.Count(display, "%") > strings.Count(value, "%") {
		// iri.ToIRI rejects or escapes an ASCII character the text
		// writes as it is ("[", "|", a stray "%"): the link as written
		// (which holds no white space, control or bidi formatting
		// character: they end a link).
		display = prefix + value
	}
	if prefix != "" && strings.HasPrefix(display, prefix) {
		display = display[len(prefix):]
	}
	l = Link{Value: value, Start: start, End: end, Email: email, Href: href, Text: display, Rel: k.rel, Target: k.opts.Target}
	if short, cut := shorten(display, k.opts.MaxText); cut {
		l.Text, l.Title = short, display
	}
	if k.opts.Edit == nil {
		return l, true, false
	}
	if !k.opts.Edit(&l) {
		return Link{}, false, false
	}
	if l.Href != href {
		l.Href, err = k.web.ToURI(l.Href)
		if err == nil {
			l.Href, err = (&extract.Link{Href: l.Href}).URI()
		}
		if err != nil || !safeURI(l.Href) {
			return Link{}, false, true
		}
	}
	return l, true, false
}

// mailtoAddr returns the email address addr as the "to" of a mailto URI
// (RFC 6068): the characters of its local part that the URI's syntax
// gives a meaning to ("?" starts the header fields, "#" a fragment, "%"
// an escape) and the others that RFC 6068 does not allow there
// percent-encoded, so that "unlikely?address@example.com" is one
// address and not "unlikely" with a header.
func mailtoAddr(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 || !strings.ContainsAny(addr[:at], "#%&/=?^`{|}") {
		return addr
	}
	var b strings.Builder
	for i := 0; i < at; i++ {
		c := addr[i]
		if strings.IndexByte("#%&/=?^`{|}", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	b.WriteString(addr[at:])
	return b.String()
}
