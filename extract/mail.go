package extract

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/mailmsg"
	"github.com/relink-go/relink/iri"
)

// maxMailSize is the size of the largest message a Mail extractor reads
// when Options.MaxTagSize is not larger.
const maxMailSize = 64 << 20

// The limits of the MIME structure a Mail extractor reads.
const (
	// MaxMailDepth is how deeply the multipart and message/rfc822 parts
	// of a message may nest.
	MaxMailDepth = mailmsg.MaxDepth
	// MaxMailParts is how many MIME entities a message may have.
	MaxMailParts = mailmsg.MaxParts
)

// TagMail is the Link.Tag of a link found in a header field of a mail
// message; its Attr is the field's name in lower case.
const TagMail = "mail"

// mailHeaderRoles are the header fields whose links a Mail extractor
// reports, and the role of their links: the list fields of RFC 2369
// and RFC 5064's Archived-At, which hold URLs between angle brackets.
// Subscribing and unsubscribing are done by fetching the URL, so those
// are RoleForm: rewritten, never crawled blindly.
var mailHeaderRoles = map[string]htmlattr.Role{
	"list-unsubscribe": htmlattr.RoleForm,
	"list-subscribe":   htmlattr.RoleForm,
	"list-help":        htmlattr.RoleHyperlink,
	"list-post":        htmlattr.RoleHyperlink,
	"list-owner":       htmlattr.RoleHyperlink,
	"list-archive":     htmlattr.RoleHyperlink,
	"archived-at":      htmlattr.RoleHyperlink,
}

// mailExtractor is the Extractor that NewMail returns (see there).
type mailExtractor struct {
	opts Options
	fn   func(*Link) error
	wholeDoc
	cs charset.Charset
}

// NewMail returns a Mail extractor, configured by opts, that calls fn for
// each link. The Link is valid only until fn returns.
//
// A Mail extractor finds the links of an Internet mail message (RFC 5322
// with MIME, a .eml file): those of its text parts, decoded, and those
// of its list header fields.
//
// The message is read as a mail reader reads it: its MIME structure is
// walked (multipart entities of any subtype, and message/rfc822 and
// message/global parts, nested), each part's body decoded from its
// Content-Transfer-Encoding (quoted-printable and base64; 7bit, 8bit and
// binary as written), so that a link cut by a quoted-printable soft line
// break or written with "=3D" is found whole, as it is meant. A text/html
// part is read by the HTML extractor, any other text/* part (text/plain
// above all) by the Text extractor, each in the charset its Content-Type
// names (a label the Encoding Standard does not know is ignored, and the
// charset of a part without one is Options.Charset, or found as Text
// finds it); other parts
// (images, application/*) hold no links to report. Attachments of a text
// type are read too: their links are the message's.
//
// Header fields hold addresses and message identifiers, not links: From,
// To, Cc, Message-ID, References, In-Reply-To and the rest are never
// read as text (an identifier such as <abc@example.com> is no email
// address). The exceptions are the fields that hold URLs between angle
// brackets: List-Unsubscribe and List-Subscribe (RoleForm: fetching such
// a URL acts), List-Help, List-Post, List-Owner, List-Archive (RFC 2369)
// and Archived-At (RFC 5064) (RoleHyperlink). Their links have Tag
// "mail" (TagMail), Attr the field name in lower case, Value the URL with
// the white space of folding removed; those of a message/rfc822 part's
// header are reported too.
//
// Positions: Start and End are offsets in the message as written,
// transfer encoding included: for a link of a quoted-printable part,
// message[Start:End] runs from the first byte of the escape or
// character that gives the link's first byte to the last byte of the one
// that gives its last, soft line breaks and "=3D" included; for base64,
// the characters that hold the link's bits. Line is the line of Start in
// the message. Replacing those bytes would not rewrite the link: package
// rewrite does not rewrite mail.
//
// A message must be read whole: Feed holds it and reports its links when
// atEOF is set, and Settled is 0 until then; Transform copies the message
// as it comes. Bounds: a message longer than 64 MiB (or
// Options.MaxTagSize, when larger) is an error, as are parts nested more
// than MaxMailDepth deep and more than MaxMailParts entities; a part's
// decoded body is never longer than its encoded one. A message that
// cannot be read as one (a header line that is not a field, a multipart
// entity without its boundary) is an error that gives the offset and line
// of the fault (a *MailError); the links reported before it stand.
func NewMail(opts Options, fn func(*Link) error) Extractor {
	m := &mailExtractor{fn: fn}
	m.what, m.report = "mail message", m.reportLinks
	m.ResetOptions(opts)
	return m
}

// ResetOptions readies m for a new message, as Reset does, configured by
// opts as NewMail would configure it (see Extractor).
func (m *mailExtractor) ResetOptions(opts Options) {
	m.opts, m.max = opts, max(maxMailSize, opts.MaxTagSize)
	m.Reset()
}

// A MailError is a fault of a mail message that makes it unreadable.
type MailError struct {
	Offset int64 // the byte offset of the fault in the message
	Line   int   // its 1-based line
	Msg    string
}

func (e *MailError) Error() string {
	return fmt.Sprintf("extract: mail message, line %d (offset %d): %s", e.Line, e.Offset, e.Msg)
}

// Reset makes m ready for a new message.
func (m *mailExtractor) Reset() {
	m.reset()
	m.cs = charset.Charset{}
}

// Charset returns the charset of the message's first text part, once the
// message is read; windows-1252 (what the Encoding Standard makes of
// MIME's default, us-ascii) with source "default" for a message without
// one.
func (m *mailExtractor) Charset() charset.Charset {
	if m.cs.Name == "" && m.done {
		return charset.Named("windows-1252", charset.SourceDefault)
	}
	return m.cs
}

func (m *mailExtractor) reportLinks() error {
	lines := newLineIndex(m.buf)
	conv := iri.NewConverter(iri.WithMode(iri.Web))
	field := func(f *mailmsg.Field) error {
		name := strings.ToLower(f.Name)
		role, ok := mailHeaderRoles[name]
		if !ok {
			return nil
		}
		return mailHeaderLinks(f.Value, func(i, j int) error {
			raw := unfoldURL(f.Value[i:j])
			if raw == "" {
				return nil
			}
			l := &Link{Tag: TagMail, Attr: name, Role: role, Value: raw}
			l.Start, l.End = f.Span(i, j)
			if !m.opts.NoPosition {
				l.Line = lines.lineAt(l.Start)
			}
			if uri, err := conv.ToURI(raw); err != nil {
				l.Err = err
			} else {
				l.Href = uri
				if !m.opts.NoIRI {
					l.IRI = uri
					if s, err := conv.ToIRI(uri); err == nil {
						l.IRI = s
					}
				}
			}
			return m.fn(l)
		})
	}
	part := func(p *mailmsg.Part) error {
		if !p.Decoded || !strings.HasPrefix(p.Type, "text/") {
			return nil
		}
		opts := m.opts
		if cs := p.Params["charset"]; cs != "" {
			opts.Charset = cs // else what the caller says, or the extractor's own decision
		}
		fn := func(l *Link) error {
			c := *l
			c.Start, c.End = p.Span(int(l.Start), int(l.End))
			if !m.opts.NoPosition {
				c.Line = lines.lineAt(c.Start)
			}
			return m.fn(&c)
		}
		if m.opts.Oversize != nil {
			opts.Oversize = func(e *OversizeError) {
				c := *e
				c.Offset, _ = p.Span(int(e.Offset), int(e.Offset))
				c.Line = lines.lineAt(c.Offset)
				m.opts.Oversize(&c)
			}
		}
		var x Extractor
		if p.Type == "text/html" {
			x = NewHTML(opts, fn)
		} else {
			x = NewText(opts, fn)
		}
		err := x.Feed(p.Body, true)
		if m.cs.Name == "" {
			m.cs = x.Charset()
		}
		return err
	}
	err := mailmsg.Walk(m.buf, field, part)
	var me *mailmsg.Error
	if errors.As(err, &me) {
		return &MailError{Offset: me.Offset, Line: lines.lineAt(me.Offset), Msg: me.Msg}
	}
	return err
}

// mailHeaderLinks calls fn with the span of what each pair of angle
// brackets of the field value v holds, outside comments and quoted
// strings.
func mailHeaderLinks(v []byte, fn func(i, j int) error) error {
	depth := 0 // of comments
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '\\' && depth > 0:
			i++
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth > 0:
		case c == '"':
			for i++; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' {
					i++
				}
			}
		case c == '<':
			j := bytes.IndexByte(v[i+1:], '>')
			if j < 0 {
				return nil
			}
			if err := fn(i+1, i+1+j); err != nil {
				return err
			}
			i += 1 + j
		}
	}
	return nil
}

// unfoldURL returns a URL written between angle brackets in a header
// field without the white space that folding (or the writer) put in it,
// which RFC 2369 says is to be ignored.
func unfoldURL(b []byte) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, string(b))
}
