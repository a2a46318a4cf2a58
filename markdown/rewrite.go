package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/relink-go/relink/htmlattr"
	"sort"
	"strings"
)

// A RewriteError reports a new destination that cannot be written where
// its link is without changing what the document means.
type RewriteError struct {
	Offset int    // of the link's destination in the input
	Kind   Kind   // the kind of the link
	URL    string // the new destination
	Reason string
}

// Error returns a message that gives the link's offset, its kind, the new
// destination and why it cannot be written.
func (e *RewriteError) Error() string {
	return fmt.Sprintf("markdown: offset %d: %v: cannot write %q: %s", e.Offset, e.Kind, e.URL, e.Reason)
}

// Rewrite returns src with the destinations of the links of doc, which
// Parse found in src, changed. For each link that owns its destination
// (every kind but ReferenceLink and ReferenceImage, whose definition holds
// it), url is called; when it returns true, the destination is written so
// that it means the returned URL, and every other byte of src is copied
// as it is.
//
// A destination is written the way Markdown requires: in an inline link,
// image or definition, bare when it can be and between < and > when it
// holds a space or unbalanced parentheses (or was written so), with a
// backslash before what would otherwise be read as an escape or an entity
// reference; an autolink stays an autolink; an extended autolink is
// written bare when GFM finds exactly it again there, and as <url>
// otherwise.
//
// The result is read again to make sure that its links are the links of
// src with the new URLs and no others: a new destination can complete a
// link that an earlier bracket had failed to make, or close a code span
// or a tag opened before it. If they are not, the destinations are
// written again with a backslash before every character that could do so
// (parentheses, brackets, angle brackets, quotes, backticks, the pipes
// of table cells), and a
// destination that still changes what the document holds is left as it
// was (past a few such, the search stops and src is returned as it is,
// with an error).
//
// The result is always whole: a destination that cannot be written (a
// line ending in a destination, a URL an autolink cannot hold) is left as
// it was, and the error, a join of *RewriteError, says which.
func Rewrite(src []byte, doc *Document, url func(l *Link) (string, bool)) ([]byte, error) {
	var asked []edit
	for i := range doc.Links {
		l := &doc.Links[i]
		if !l.OwnsDest() {
			continue
		}
		if u, ok := url(l); ok {
			asked = append(asked, edit{link: i, url: u})
		}
	}
	edits, errs := makeEdits(src, doc, asked, false)
	if out := apply(src, edits); doc.means(out, edits) {
		return out, errors.Join(errs...)
	}
	edits, errs = makeEdits(src, doc, asked, true)
	for dropped := 0; ; dropped++ {
		out := apply(src, edits)
		if doc.means(out, edits) {
			return out, errors.Join(errs...)
		}
		if dropped == maxDropped {
			// each search parses the document again: stop, whole
			errs = append(errs, fmt.Errorf("markdown: more than %d new destinations would change which links the document holds: nothing rewritten", maxDropped))
			return append([]byte(nil), src...), errors.Join(errs...)
		}
		// find the first edit that breaks the document: edits[:lo] do
		// not, edits[:hi] do
		lo, hi := 0, len(edits)
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if doc.means(apply(src, edits[:mid]), edits[:mid]) {
				lo = mid
			} else {
				hi = mid
			}
		}
		bad := edits[hi-1]
		l := &doc.Links[bad.link]
		errs = append(errs, &RewriteError{Offset: l.Dest.Start, Kind: l.Kind, URL: bad.url,
			Reason: "written there it would change which links the document holds"})
		edits = append(edits[:hi-1:hi-1], edits[hi:]...)
	}
}

// maxDropped bounds the destinations Rewrite searches for and leaves
// because they change the document even when escaped.
const maxDropped = 16

// An edit writes s over span, the destination of doc.Links[link], to make
// it mean url.
type edit struct {
	link int
	url  string
	span htmlattr.Span
	s    string
}

func makeEdits(src []byte, doc *Document, asked []edit, safe bool) ([]edit, []error) {
	var edits []edit
	var errs []error
	for _, e := range asked {
		l := &doc.Links[e.link]
		s, err := writeDest(src, l, e.url, safe)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		e.s, e.span = s, l.Dest
		if l.Kind == ExtendedAutolink {
			e.span = l.At
		}
		edits = append(edits, e)
	}
	// Links come in the order they begin, their destinations not always
	// (in [![a](b)](c), c comes after b).
	sort.Slice(edits, func(i, j int) bool { return edits[i].span.Start < edits[j].span.Start })
	return edits, errs
}

func apply(src []byte, edits []edit) []byte {
	var out bytes.Buffer
	out.Grow(len(src))
	at := 0
	for _, e := range edits {
		out.Write(src[at:e.span.Start])
		out.WriteString(e.s)
		at = e.span.End
	}
	out.Write(src[at:])
	return out.Bytes()
}

// means reports whether out, src with edits, holds the links of d with
// the URLs the edits give them, and no others, and as many pieces of raw
// HTML.
func (d *Document) means(out []byte, edits []edit) bool {
	url := make([]string, len(d.Links))
	for i := range d.Links {
		url[i] = d.Links[i].Value
	}
	for _, e := range edits {
		url[e.link] = e.url
	}
	doc := d.opts.Parse(out)
	got := doc.Links
	if len(got) != len(d.Links) || len(doc.HTML) != len(d.HTML) {
		return false
	}
	for i := range d.Links {
		want := url[i]
		if !d.Links[i].OwnsDest() {
			want = url[d.Links[i].Def]
		}
		if got[i].Value != want || got[i].Kind.IsImage() != d.Links[i].Kind.IsImage() {
			return false
		}
	}
	return true
}

func writeDest(src []byte, l *Link, u string, safe bool) (string, error) {
	fail := func(reason string) error {
		return &RewriteError{Offset: l.Dest.Start, Kind: l.Kind, URL: u, Reason: reason}
	}
	if l.cell && strings.Contains(u, "|") && l.Kind != InlineLink && l.Kind != InlineImage {
		return "", fail("a '|' would end its table cell")
	}
	switch l.Kind {
	case InlineLink, InlineImage, Definition:
		s, err := formatDest(u, l.Angle || l.Kind == Definition && u == "", safe, l.cell)
		if err != nil {
			return "", fail(err.Error())
		}
		return s, nil
	case Autolink:
		if s, ok := autolinkDest(u); ok {
			return s, nil
		}
		return "", fail("not an absolute URI as an autolink holds it (scheme, colon, no spaces, controls, < or >)")
	case EmailAutolink:
		if addr, ok := strings.CutPrefix(u, "mailto:"); ok && reEmailAutolink.MatchString("<"+addr+">") {
			return addr, nil
		}
		if s, ok := autolinkDest(u); ok {
			return s, nil
		}
		return "", fail("neither an email address nor an absolute URI as an autolink holds them")
	case ExtendedAutolink:
		return extendedDest(src, l, u, fail)
	}
	return "", fail("no destination of its own")
}

// FormatDest returns url written as the destination of an inline link,
// image or definition: bare when it can be and angle is false, between <
// and > otherwise. A line ending cannot be written in a destination.
func FormatDest(url string, angle bool) (string, error) { return formatDest(url, angle, false, false) }

// formatDest is FormatDest, with, when safe is set, a backslash before
// every character that could end or start something around the link
// ('|' ends a table cell), and when cell is set a backslash before '|'.
func formatDest(url string, angle, safe, cell bool) (string, error) {
	if strings.ContainsAny(url, "\n\r") {
		return "", errors.New("a destination cannot hold a line ending")
	}
	if !angle {
		angle = url == "" || url[0] == '<' || !safe && !balanced(url)
		for i := 0; i < len(url) && !angle; i++ {
			angle = url[i] <= ' ' || url[i] == 0x7f
		}
	}
	var b strings.Builder
	if angle {
		b.WriteByte('<')
	}
	for i := 0; i < len(url); i++ {
		c := url[i]
		switch {
		case c == '\\' && (i+1 == len(url) || isASCIIPunct(url[i+1])):
			b.WriteByte('\\')
		case c == '&':
			if _, n := entity([]byte(url[i:])); n > 0 {
				b.WriteByte('\\')
			}
		case angle && (c == '<' || c == '>'):
			b.WriteByte('\\')
		case safe && strings.IndexByte("()[]<>`\"'|", c) >= 0, cell && c == '|':
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	if angle {
		b.WriteByte('>')
	}
	return b.String(), nil
}

func balanced(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++ // an escaped parenthesis does not count
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return false
			}
			depth--
		}
	}
	return depth == 0
}

var reAbsoluteURI = newLazyRegexp(`^[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20<>\x7f]*$`)

// autolinkDest writes url between the brackets of an autolink, where
// entity references are decoded and backslash escapes are not.
func autolinkDest(url string) (string, bool) {
	if !reAbsoluteURI.MatchString(url) {
		return "", false
	}
	if !strings.Contains(url, "&") {
		return url, true
	}
	var b strings.Builder
	for i := 0; i < len(url); i++ {
		if url[i] == '&' {
			if _, n := entity([]byte(url[i:])); n > 0 {
				b.WriteString("&amp;")
				continue
			}
		}
		b.WriteByte(url[i])
	}
	return b.String(), true
}

// extendedDest writes url in place of the extended autolink l: bare when
// GFM finds exactly that link again with the text around it, between <
// and > otherwise.
func extendedDest(src []byte, l *Link, u string, fail func(string) error) (string, error) {
	text := string(src[l.Dest.Start:l.Dest.End])
	cand := u
	switch {
	case strings.HasPrefix(l.Value, "mailto:"):
		cand = strings.TrimPrefix(u, "mailto:")
	case strings.HasPrefix(text, "www.") && strings.HasPrefix(u, "http://www."):
		cand = strings.TrimPrefix(u, "http://")
	}
	// the byte before and the rest of the line after decide where GFM
	// ends the link
	var pre []byte
	if l.At.Start > 0 {
		pre = src[l.At.Start-1 : l.At.Start]
	}
	end := l.At.End
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	snippet := make([]byte, 0, len(pre)+len(cand)+end-l.At.End)
	snippet = append(append(append(snippet, pre...), cand...), src[l.At.End:end]...)
	for _, m := range Parse(snippet).Links {
		if m.At.Start < len(pre) {
			continue
		}
		if m.Kind == ExtendedAutolink && m.At == (htmlattr.Span{Start: len(pre), End: len(pre) + len(cand)}) && m.Value == u {
			return cand, nil
		}
		break
	}
	if addr, ok := strings.CutPrefix(u, "mailto:"); ok && reEmailAutolink.MatchString("<"+addr+">") {
		return "<" + addr + ">", nil
	}
	if s, ok := autolinkDest(u); ok {
		return "<" + s + ">", nil
	}
	return "", fail("GFM would not find it as written, and an autolink cannot hold it")
}
