// Package mailmsg reads an Internet message (RFC 5322) and its MIME
// structure (RFC 2045, RFC 2046) held whole in memory, and gives each of
// its parts decoded from its Content-Transfer-Encoding together with a
// map from the bytes of the decoded body back to the bytes of the
// message they come from.
//
// The standard library's net/mail, mime/multipart and
// mime/quotedprintable read the same syntax from a stream, but lose the
// offsets: a link found in a decoded part could not be reported where it
// is written. This package walks the message in place and decodes
// quoted-printable and base64 itself, so that every decoded byte has a
// span of the message (the three bytes of "=3D", the four base64
// characters a byte is spread over).
//
// Reading is bounded and lenient where mail readers are lenient: an
// invalid quoted-printable escape is kept as written, characters outside
// the base64 alphabet are skipped, a multipart body without its closing
// delimiter ends at the end of its entity, an unknown transfer encoding
// leaves its part undecoded and skipped. What cannot be read as a message
// is an *Error with the offset of the fault: a header line that is not a
// field, a multipart entity without a boundary parameter or without a
// delimiter line, nesting deeper than MaxDepth, more parts than MaxParts.
package mailmsg

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
)

// The bounds of Walk.
const (
	// MaxDepth is how deeply multipart and message/rfc822 entities may
	// nest: a message whose parts nest deeper is an error.
	MaxDepth = 32
	// MaxParts is how many entities (the message, its parts, the parts
	// of its parts) a message may have.
	MaxParts = 10000
)

// An Error is a fault of a message that makes it unreadable, at Offset,
// a byte offset in the message.
type Error struct {
	Offset int64
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// A Field is a header field of a message (the message's own, or that of
// a message/rfc822 part).
type Field struct {
	Name  string // as written
	Value []byte // as written, folding included, without the line break that ends it
	Depth int    // 0 for the message's own header, 1 for a message it holds, ...
	v     *view
	at    int // Value's index in v
}

// Span returns the offsets in the message of Value[i:j].
func (f *Field) Span(i, j int) (start, end int64) { return f.v.span(f.at+i, f.at+j) }

// A Part is an entity that is neither multipart nor a message: a text, an
// image, an attachment.
type Part struct {
	// Type is the media type in lower case ("text/plain"), from the
	// Content-Type field; text/plain (message/rfc822 in a
	// multipart/digest) when there is none or it cannot be parsed, as
	// RFC 2045 says.
	Type string
	// Params are the Content-Type parameters, their names in lower case,
	// values decoded (RFC 2231 included).
	Params map[string]string
	// Encoding is the Content-Transfer-Encoding in lower case, "7bit"
	// when there is none.
	Encoding string
	// Decoded reports whether Body is decoded: false for an encoding this
	// package does not know, whose body is given as written.
	Decoded bool
	// Attachment reports a Content-Disposition of attachment.
	Attachment bool
	// Body is the body, decoded from its transfer encoding.
	Body []byte
	// Offset is the offset in the message of the body as written.
	Offset int64
	// Depth is the number of multipart and message entities that hold
	// the part.
	Depth int
	v     *view
}

// Span returns the offsets in the message of the bytes that Body[i:j] is
// decoded from: for quoted-printable, from the first byte of the escape
// or character that gives Body[i] to the last byte of the one that gives
// Body[j-1]; for base64, the characters that hold their bits. i == j
// gives the offset where Body[i] comes from, twice.
func (p *Part) Span(i, j int) (start, end int64) { return p.v.span(i, j) }

// Walk reads msg, an Internet message, and calls field for each header
// field of a message (the message's own, then those of each
// message/rfc822 part as it is met) and part for each leaf entity, in
// the order they are written. Multipart entities are walked into (all
// subtypes: mixed, alternative, related, digest, signed, ...), and so are
// message/rfc822 and message/global ones; a part's body is decoded from
// quoted-printable or base64 (7bit, 8bit and binary are as written). A
// leading "From " line (an mbox separator) is skipped.
//
// An error of field or part stops the walk and is returned; so is an
// *Error for a message that cannot be read.
func Walk(msg []byte, field func(*Field) error, part func(*Part) error) error {
	w := &walker{field: field, part: part}
	root := &view{b: msg}
	start := 0
	if bytes.HasPrefix(msg, []byte("From ")) {
		start = lineEnd(msg, 0)
	}
	return w.entity(root.sub(start, len(msg)), 0, "text/plain", true)
}

type walker struct {
	field func(*Field) error
	part  func(*Part) error
	parts int
}

// entity reads the entity that v holds: its header, then its body as its
// Content-Type says; def is the media type without a Content-Type field,
// msg reports a message (whose fields are given to w.field).
func (w *walker) entity(v *view, depth int, def string, msg bool) error {
	w.parts++
	if w.parts > MaxParts {
		o, _ := v.span(0, 0)
		return &Error{o, fmt.Sprintf("more than %d MIME parts", MaxParts)}
	}
	if depth > MaxDepth {
		o, _ := v.span(0, 0)
		return &Error{o, fmt.Sprintf("MIME parts nested more than %d deep", MaxDepth)}
	}
	b := v.b
	var ctype, cte, disp string
	// The header: fields until an empty line.
	i := 0
	body, ended := len(b), false
	var f *Field
	flush := func() error {
		if f == nil {
			return nil
		}
		switch strings.ToLower(f.Name) {
		case "content-type":
			ctype = unfold(f.Value)
		case "content-transfer-encoding":
			cte = strings.ToLower(strings.TrimSpace(unfold(f.Value)))
		case "content-disposition":
			disp = unfold(f.Value)
		}
		if msg && w.field != nil {
			if err := w.field(f); err != nil {
				return err
			}
		}
		f = nil
		return nil
	}
	for i < len(b) {
		e := lineEnd(b, i)
		line := trimEOL(b[i:e])
		switch {
		case len(line) == 0:
			body, ended = e, true
		case line[0] == ' ' || line[0] == '\t':
			if f == nil {
				o, _ := v.span(i, i)
				return &Error{o, "header continuation line before any field"}
			}
			f.Value = b[f.at:len(trimEOL(b[:e]))]
		default:
			if err := flush(); err != nil {
				return err
			}
			c := fieldName(line)
			if c < 0 {
				o, _ := v.span(i, i)
				return &Error{o, fmt.Sprintf("header line %q is not a field (name: value)", clip(line))}
			}
			at := i + c + 1
			f = &Field{Name: string(line[:c]), Value: b[at : i+len(line)], Depth: depth, v: v, at: at}
		}
		if ended {
			break
		}
		i = e
	}
	if err := flush(); err != nil {
		return err
	}
	mt, params := def, map[string]string{}
	if ctype != "" {
		if t, p, err := mime.ParseMediaType(ctype); err == nil && strings.Contains(t, "/") {
			mt, params = t, p
		} else if err != nil && t != "" && strings.Contains(t, "/") && err == mime.ErrInvalidMediaParameter {
			mt = t // the parameters are broken, the type is not
		}
	}
	if cte == "" {
		cte = "7bit"
	}
	bv := v.sub(body, len(b))
	off, _ := bv.span(0, 0)
	decoded := true
	switch cte {
	case "7bit", "8bit", "binary":
	case "quoted-printable":
		bv = decodeView(bv, qpStep)
	case "base64":
		bv = decodeView(bv, b64Step)
	default:
		decoded = false
	}
	top, _, _ := strings.Cut(mt, "/")
	switch {
	case top == "multipart" && decoded:
		return w.multipart(bv, depth, mt, params)
	case (mt == "message/rfc822" || mt == "message/global") && decoded:
		return w.entity(bv, depth+1, "text/plain", true)
	}
	if w.part == nil {
		return nil
	}
	d, _, _ := strings.Cut(disp, ";")
	p := &Part{Type: mt, Params: params, Encoding: cte, Decoded: decoded, Body: bv.b,
		Attachment: strings.EqualFold(strings.TrimSpace(d), "attachment"), Offset: off, Depth: depth, v: bv}
	return w.part(p)
}

// multipart reads the body v of a multipart entity of type mt.
func (w *walker) multipart(v *view, depth int, mt string, params map[string]string) error {
	o, _ := v.span(0, 0)
	boundary := params["boundary"]
	if boundary == "" {
		return &Error{o, mt + " without a boundary parameter"}
	}
	def := "text/plain"
	if mt == "multipart/digest" {
		def = "message/rfc822"
	}
	b := v.b
	delim := []byte("--" + boundary)
	start := -1 // the start of the current part's bytes
	found := false
	for i := 0; i < len(b); {
		e := lineEnd(b, i)
		line := trimEOL(b[i:e])
		if bytes.HasPrefix(line, delim) {
			rest := line[len(delim):]
			closing := bytes.HasPrefix(rest, []byte("--"))
			if closing {
				rest = rest[2:]
			}
			if len(bytes.TrimRight(rest, " \t")) == 0 {
				found = true
				if start >= 0 {
					// The line break before the delimiter is the delimiter's.
					end := i
					if end > start && b[end-1] == '\n' {
						end--
						if end > start && b[end-1] == '\r' {
							end--
						}
					}
					if err := w.entity(v.sub(start, end), depth+1, def, false); err != nil {
						return err
					}
				}
				if closing {
					return nil
				}
				start = e
			}
		}
		i = e
	}
	if !found {
		return &Error{o, fmt.Sprintf("%s body without a line --%s", mt, boundary)}
	}
	if start >= 0 && start < len(b) {
		// No closing delimiter: the last part runs to the end.
		return w.entity(v.sub(start, len(b)), depth+1, def, false)
	}
	return nil
}

// fieldName returns the index of the colon that ends the field name at
// the start of line, or -1 when line does not start with one: printable
// ASCII but the colon (RFC 5322 ftext), at least one, then optional white
// space (obsolete syntax) and the colon.
func fieldName(line []byte) int {
	i := 0
	for i < len(line) && line[i] > ' ' && line[i] < 0x7F && line[i] != ':' {
		i++
	}
	if i == 0 {
		return -1
	}
	j := i
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j == len(line) || line[j] != ':' {
		return -1
	}
	return j
}

// unfold returns a field value with its line breaks removed.
func unfold(v []byte) string {
	s := string(v)
	s = strings.ReplaceAll(s, "\r\n", "")
	return strings.ReplaceAll(s, "\n", "")
}

// lineEnd returns the index after the LF that ends the line starting at
// i, or len(b).
func lineEnd(b []byte, i int) int {
	if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(b)
}

// trimEOL returns line without its LF or CRLF.
func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// clip returns the first 40 bytes of line, for a message.
func clip(line []byte) string {
	if len(line) > 40 {
		return string(line[:40]) + "..."
	}
	return string(line)
}
