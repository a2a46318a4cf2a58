package linkify

import (
	"bytes"
	"fmt"
	"io"

	"github.com/relink-go/relink/internal/mailmsg"
	"golang.org/x/text/transform"
)

// Mail writes to w the text of the mail message msg (RFC 5322 with
// MIME, a .eml file) linkified as opts say: each text/plain part, decoded
// from its Content-Transfer-Encoding (quoted-printable, base64) and read
// in the charset its Content-Type names (opts.Charset, and then the
// Linkifier's own decision, for a part that names none), in the order of
// the message, multipart and message/rfc822 parts walked into. Of a
// multipart/alternative, that is the plain-text alternative, the one a
// mail's text is written in; text/html parts, whose links are links
// already, and the header (addresses, subject) are not written. In HTML,
// the parts are separated by <hr>; in Markdown, by a thematic break
// ("* * *").
//
// Mail returns what the Linkifiers of the parts found, added up. A
// message that cannot be read as one (a header line that is not a field,
// a multipart part without its boundary, parts nested more than 32 deep
// or more than 10000 of them) is an error that gives the line and offset
// of the fault, once the parts before it are written; so is an error of
// w.
func Mail(w io.Writer, msg []byte, opts Options) (Stats, error) {
	var st Stats
	n := 0
	err := mailmsg.Walk(msg, nil, func(p *mailmsg.Part) error {
		if p.Type != "text/plain" || !p.Decoded {
			return nil
		}
		if n > 0 {
			sep := "<hr>\n"
			if opts.Format == FormatMarkdown {
				sep = "\n\n* * *\n\n"
			}
			if _, err := io.WriteString(w, sep); err != nil {
				return err
			}
		}
		n++
		o := opts
		if cs := p.Params["charset"]; cs != "" {
			o.Charset = cs
		}
		l := New(o)
		tw := transform.NewWriter(w, l)
		_, err := tw.Write(p.Body)
		if err == nil {
			err = tw.Close()
		}
		s := l.Stats()
		st.Links += s.Links
		st.Invalid += s.Invalid
		st.Oversize += s.Oversize
		return err
	})
	if me, ok := err.(*mailmsg.Error); ok {
		line := 1 + bytes.Count(msg[:me.Offset], []byte("\n"))
		return st, fmt.Errorf("linkify: mail message, line %d (offset %d): %s", line, me.Offset, me.Msg)
	}
	return st, err
}
