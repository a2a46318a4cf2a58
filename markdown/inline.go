package markdown

import (
	"bytes"
	"github.com/relink-go/relink/htmlattr"
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
)

// Raw HTML, as CommonMark defines it (section 6.6).
const (
	ws        = `[ \t\r\n]`
	tagName   = `[A-Za-z][A-Za-z0-9-]*`
	attrName  = `[a-zA-Z_:][a-zA-Z0-9_.:-]*`
	attrValue = "(?:[^\"'=<>`\\x00-\\x20]+|'[^']*'|\"[^\"]*\")"
	attribute = `(?:` + ws + `+` + attrName + `(?:` + ws + `*=` + ws + `*` + attrValue + `)?)`
	openTag   = `<` + tagName + attribute + `*` + ws + `*/?>`
	closeTag  = `</` + tagName + ws + `*>`
)

var (
	reEmailAutolink = newLazyRegexp("^<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>")
)

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isAlnum(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' }

// isSpace is cmark's isspace: space, tab, line feed, vertical tab, form
// feed, carriage return.
func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// skipSpaces skips spaces, tabs and line endings.
func skipSpaces(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n') {
		i++
	}
	return i
}

// skipSpnl skips spaces and tabs with at most one line ending among them.
func skipSpnl(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i < len(b) && b[i] == '\n' {
		i++
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
	}
	return i
}

// linkDest scans a link destination at b[i:]: its end, whether it is in
// angle brackets, and ok.
func linkDest(b []byte, i int) (end int, angle, ok bool) {
	if i < len(b) && b[i] == '<' {
		for k := i + 1; k < len(b); k++ {
			switch b[k] {
			case '\\':
				if k+1 < len(b) && isASCIIPunct(b[k+1]) {
					k++
				}
			case '\n', '<':
				return 0, false, false
			case '>':
				return k + 1, true, true
			}
		}
		return 0, false, false
	}
	depth := 0
	k := i
loop:
	for k < len(b) {
		c := b[k]
		switch {
		case c == '\\' && k+1 < len(b) && isASCIIPunct(b[k+1]):
			k += 2
			continue
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				break loop
			}
			depth--
		case c <= ' ' || c == 0x7f:
			break loop
		}
		k++
	}
	if depth != 0 {
		return 0, false, false
	}
	return k, false, true
}

// linkTitle scans a link title at b[i:] and returns its end, or 0.
func linkTitle(b []byte, i int) int {
	if i >= len(b) {
		return 0
	}
	open := b[i]
	close := open
	switch open {
	case '"', '\'':
	case '(':
		close = ')'
	default:
		return 0
	}
	for k := i + 1; k < len(b); k++ {
		switch c := b[k]; {
		case c == '\\' && k+1 < len(b) && isASCIIPunct(b[k+1]):
			k++
		case c == close:
			return k + 1
		case open == '(' && c == '(':
			return 0
		}
	}
	return 0
}

// linkLabel scans a link label at b[i:] and returns its length with the
// brackets, or 0. A label of only whitespace is not one.
func linkLabel(b []byte, i int) int {
	if i >= len(b) || b[i] != '[' {
		return 0
	}
	blank := true
	for k := i + 1; k < len(b) && k-i-1 <= 999; k++ {
		switch c := b[k]; c {
		case '\\':
			blank = false
			if k+1 < len(b) && isASCIIPunct(b[k+1]) {
				k++
			}
		case '[':
			return 0
		case ']':
			if blank {
				return 0
			}
			return k + 1 - i
		case ' ', '\t', '\n':
		default:
			blank = false
		}
	}
	return 0
}

// validLabel reports whether the text of a shortcut or collapsed reference
// can be a link label.
func validLabel(b []byte) bool {
	if len(b) > 999 {
		return false
	}
	blank := true
	for k := 0; k < len(b); k++ {
		switch c := b[k]; c {
		case '\\':
			blank = false
			if k+1 < len(b) && isASCIIPunct(b[k+1]) {
				k++
			}
		case '[', ']':
			return false
		case ' ', '\t', '\n':
		default:
			blank = false
		}
	}
	return !blank
}

var folder = cases.Fold()

// normalizeLabel folds case and collapses whitespace, as link labels are
// matched.
func normalizeLabel(b []byte) string {
	var sb strings.Builder
	space := false
	for _, c := range bytes.TrimSpace(b) {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			space = true
			continue
		}
		if space {
			sb.WriteByte(' ')
			space = false
		}
		sb.WriteByte(c)
	}
	s := sb.String()
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return folder.String(s)
		}
	}
	return strings.ToLower(s) // ASCII folds to lower case
}

// unescape decodes the entity references of b, and its backslash escapes
// when backslash is set.
func unescape(b []byte, backslash bool) string {
	if bytes.IndexByte(b, '&') < 0 && (!backslash || bytes.IndexByte(b, '\\') < 0) {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		c := b[i]
		if backslash && c == '\\' && i+1 < len(b) && isASCIIPunct(b[i+1]) {
			out = append(out, b[i+1])
			i += 2
			continue
		}
		if c == '&' {
			if s, n := entity(b[i:]); n > 0 {
				out = append(out, s...)
				i += n
				continue
			}
		}
		out = append(out, c)
		i++
	}
	return string(out)
}

// entity decodes the entity reference at the start of b ('&' ... ';') and
// returns what it means and its length, or 0 if it is not one.
func entity(b []byte) (string, int) {
	if len(b) < 3 || b[0] != '&' {
		return "", 0
	}
	if b[1] == '#' {
		i, base, max := 2, 10, 7
		if i < len(b) && (b[i] == 'x' || b[i] == 'X') {
			i, base, max = 3, 16, 6
		}
		start := i
		r := 0
		for i < len(b) && i-start < max {
			d := digit(b[i], base)
			if d < 0 {
				break
			}
			r = r*base + d
			i++
		}
		if i == start || i >= len(b) || b[i] != ';' {
			return "", 0
		}
		if r == 0 || r > unicode.MaxRune || r >= 0xD800 && r <= 0xDFFF {
			r = utf8.RuneError
		}
		return string(rune(r)), i + 1
	}
	i := 1
	for i < len(b) && i <= 32 && isAlnum(b[i]) {
		i++
	}
	if i == 1 || i >= len(b) || b[i] != ';' || !isAlpha(b[1]) {
		return "", 0
	}
	ref := string(b[:i+1])
	s := html.UnescapeString(ref)
	// html.UnescapeString also decodes a prefix without its semicolon
	// ("&notit;" is "¬it;"); CommonMark knows only the whole names.
	if s == ref || strings.HasSuffix(s, ";") && ref != "&semi;" {
		return "", 0
	}
	return s, i + 1
}

func digit(c byte, base int) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case base == 16 && c|0x20 >= 'a' && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return -1
}

// definition reads a link reference definition at t.b[pos:], records it
// and returns where the next line begins, or 0 if there is none there.
func (p *parser) definition(t *text, pos int) int {
	b := t.b
	j := pos
	for j < len(b) && (b[j] == ' ' || b[j] == '\t') {
		j++
	}
	n := linkLabel(b, j)
	if n == 0 {
		return 0
	}
	start := j
	label := b[j+1 : j+n-1]
	j += n
	if j >= len(b) || b[j] != ':' {
		return 0
	}
	j = skipSpnl(b, j+1)
	destStart := j
	destEnd, angle, ok := linkDest(b, j)
	if !ok || destEnd == destStart {
		return 0
	}
	j = destEnd
	beforeTitle := j
	j = skipSpnl(b, j)
	title, end := -1, -1
	if j > beforeTitle {
		if e := linkTitle(b, j); e > 0 {
			if k := skipSpTab(b, e); k == len(b) || b[k] == '\n' {
				title, end = j, k
			}
		}
	}
	if title < 0 {
		k := skipSpTab(b, beforeTitle)
		if k < len(b) && b[k] != '\n' {
			return 0
		}
		end = k
	}
	next := end
	if next < len(b) {
		next++ // the line ending
	}
	key := normalizeLabel(label)
	if _, dup := p.defs[key]; !dup {
		l := Link{
			Kind:  Definition,
			At:    t.span(start, end),
			Dest:  t.span(destStart, destEnd),
			Angle: angle,
			Value: destURL(b[destStart:destEnd], angle),
			Def:   len(p.links),
		}
		if title >= 0 {
			te := linkTitle(b, title)
			l.Title = unescape(b[title+1:te-1], true)
		}
		p.defs[key] = len(p.links)
		p.links = append(p.links, l)
	}
	return next
}

func skipSpTab(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

func destURL(raw []byte, angle bool) string {
	if angle {
		raw = raw[1 : len(raw)-1]
	}
	return unescape(raw, true)
}

type bracket struct {
	pos    int // of '[' or of the '!' of '!['
	text   int // where the link text begins
	image  bool
	active bool
}

type inliner struct {
	p        *parser
	t        *text
	b        []byte
	brackets []bracket
	// active counts the active brackets.
	active int
	// notText are the ranges that are not text for the email autolinks
	// that GFM finds in text: code spans, autolinks, HTML, links.
	notText []htmlattr.Span
	// noCloser[n] records that no backtick string of length n follows:
	// an unclosed run is not searched for again.
	noCloser map[int]bool
	// noEnd records, for the raw HTML that ends with a string ("-->",
	// "?>", "]]>", ">"), that the string does not follow.
	noEnd map[string]bool
}

// rawHTML returns the length of the raw HTML at b[i:], or 0.
func (in *inliner) rawHTML(i int) int {
	b := in.b[i:]
	if len(b) < 2 {
		return 0
	}
	switch {
	case b[1] == '!' && bytes.HasPrefix(b, []byte("<!--")):
		if bytes.HasPrefix(b[4:], []byte(">")) {
			return 5
		}
		if bytes.HasPrefix(b[4:], []byte("->")) {
			return 6
		}
		return in.until(b, 4, "-->")
	case b[1] == '?':
		return in.until(b, 2, "?>")
	case b[1] == '!' && bytes.HasPrefix(b, []byte("<![CDATA[")):
		return in.until(b, 9, "]]>")
	case b[1] == '!' && len(b) > 2 && isLetter(b[2]):
		return in.until(b, 3, ">")
	}
	return tag(b)
}

// tag returns the length of the open or closing tag at the start of b, or
// 0. (A regexp would do, but Go's clears state the size of its input on
// every call, which is quadratic over a paragraph of many '<'.)
func tag(b []byte) int {
	i := 1
	closing := i < len(b) && b[i] == '/'
	if closing {
		i++
	}
	if i >= len(b) || !isLetter(b[i]) {
		return 0
	}
	for i < len(b) && (isAlnum(b[i]) || b[i] == '-') {
		i++
	}
	if closing {
		i = skipSpaces(b, i)
		if i < len(b) && b[i] == '>' {
			return i + 1
		}
		return 0
	}
	for {
		j := skipSpaces(b, i)
		if j < len(b) && b[j] == '>' {
			return j + 1
		}
		if j+1 < len(b) && b[j] == '/' && b[j+1] == '>' {
			return j + 2
		}
		if j == i || j >= len(b) || !(isLetter(b[j]) || b[j] == '_' || b[j] == ':') {
			return 0
		}
		for j < len(b) && (isAlnum(b[j]) || strings.IndexByte("_.:-", b[j]) >= 0) {
			j++
		}
		i = j
		k := skipSpaces(b, j)
		if k >= len(b) || b[k] != '=' {
			continue
		}
		k = skipSpaces(b, k+1)
		if k >= len(b) {
			return 0
		}
		switch q := b[k]; q {
		case '"', '\'':
			e := bytes.IndexByte(b[k+1:], q)
			if e < 0 {
				return 0
			}
			i = k + 1 + e + 1
		default:
			e := k
			for e < len(b) && b[e] > ' ' && strings.IndexByte("\"'=<>`", b[e]) < 0 {
				e++
			}
			if e == k {
				return 0
			}
			i = e
		}
	}
}

// until returns the length of b up to the first end after b[from:], or 0.
func (in *inliner) until(b []byte, from int, end string) int {
	if in.noEnd[end] {
		return 0
	}
	k := bytes.Index(b[from:], []byte(end))
	if k < 0 {
		if in.noEnd == nil {
			in.noEnd = map[string]bool{}
		}
		in.noEnd[end] = true
		return 0
	}
	return from + k + len(end)
}

func (p *parser) inlines(t *text) {
	in := inliner{p: p, t: t, b: t.b}
	n := len(p.links)
	in.run()
	if t.cell {
		for i := n; i < len(p.links); i++ {
			p.links[i].cell = true
		}
	}
}

func (in *inliner) run() {
	b := in.b
	gfm := in.p.gfm
	for i := 0; i < len(b); {
		switch c := b[i]; c {
		case '\\':
			if i+1 < len(b) && isASCIIPunct(b[i+1]) {
				i += 2
			} else {
				i++
			}
		case '`':
			n := 1
			for i+n < len(b) && b[i+n] == '`' {
				n++
			}
			if end := in.codeSpanEnd(i+n, n); end > 0 {
				in.notText = append(in.notText, htmlattr.Span{Start: i, End: end})
				i = end
			} else {
				i += n
			}
		case '<':
			if n := in.autolink(i); n > 0 {
				i += n
			} else if n := in.rawHTML(i); n > 0 {
				in.addHTML(i, i+n)
				i += n
			} else {
				i++
			}
		case '!':
			if i+1 < len(b) && b[i+1] == '[' {
				in.push(bracket{pos: i, text: i + 2, image: true, active: true})
				i += 2
			} else {
				i++
			}
		case '[':
			in.push(bracket{pos: i, text: i + 1, active: true})
			i++
		case ']':
			i = in.closeBracket(i)
		case 'w':
			if gfm && !in.inBracket() {
				if n := in.www(i); n > 0 {
					i += n
					continue
				}
			}
			i++
		case ':':
			if gfm && !in.inBracket() {
				if n := in.url(i); n > 0 {
					i += n
					continue
				}
			}
			i++
		default:
			i++
		}
	}
	if gfm {
		in.emails()
	}
}

func (in *inliner) inBracket() bool { return in.active > 0 }

func (in *inliner) push(br bracket) {
	in.brackets = append(in.brackets, br)
	in.active++
}

// codeSpanEnd finds the backtick string of length n that closes a code
// span opened before b[i:], and returns the end of the span, or 0.
func (in *inliner) codeSpanEnd(i, n int) int {
	if in.noCloser[n] {
		return 0
	}
	b := in.b
	for i < len(b) {
		k := bytes.IndexByte(b[i:], '`')
		if k < 0 {
			return 0
		}
		i += k
		m := 0
		for i+m < len(b) && b[i+m] == '`' {
			m++
		}
		if m == n {
			return i + m
		}
		i += m
	}
	if in.noCloser == nil {
		in.noCloser = map[int]bool{}
	}
	in.noCloser[n] = true
	return 0
}

func (in *inliner) autolink(i int) int {
	b := in.b
	j := i + 1
	for j < len(b) && j-i-1 < 32 && (isAlnum(b[j]) || b[j] == '+' || b[j] == '.' || b[j] == '-') {
		j++
	}
	if n := j - i - 1; n >= 2 && isAlpha(b[i+1]) && j < len(b) && b[j] == ':' {
		k := j + 1
		for k < len(b) && b[k] > ' ' && b[k] != '<' && b[k] != '>' && b[k] != 0x7f {
			k++
		}
		if k < len(b) && b[k] == '>' {
			in.p.links = append(in.p.links, Link{
				Kind:  Autolink,
				At:    in.t.span(i, k+1),
				Dest:  in.t.span(i+1, k),
				Value: unescape(b[i+1:k], false),
				Def:   -1,
			})
			in.notText = append(in.notText, htmlattr.Span{Start: i, End: k + 1})
			return k + 1 - i
		}
	}
	if m := reEmailAutolink.FindSubmatchIndex(b[i:]); m != nil {
		in.p.links = append(in.p.links, Link{
			Kind:  EmailAutolink,
			At:    in.t.span(i, i+m[1]),
			Dest:  in.t.span(i+m[2], i+m[3]),
			Value: "mailto:" + string(b[i+m[2]:i+m[3]]),
			Def:   -1,
		})
		in.notText = append(in.notText, htmlattr.Span{Start: i, End: i + m[1]})
		return m[1]
	}
	return 0
}

func (in *inliner) addHTML(i, j int) {
	in.notText = append(in.notText, htmlattr.Span{Start: i, End: j})
	h := HTML{}
	t, src := in.t, in.p.src
	for k := i; k < j; k++ {
		o := t.pos[k]
		if n := len(h.Segments); n > 0 {
			s := &h.Segments[n-1]
			if o == s.End {
				s.End = o + 1
				continue
			}
			if in.b[k-1] == '\n' {
				// the line ending maps to its first byte: is o just past it?
				e := t.pos[k-1]
				if src[e] == '\r' && e+1 < len(src) && src[e+1] == '\n' {
					e++
				}
				if o == e+1 {
					s.End = o + 1
					continue
				}
				s.End = e + 1 // the segment keeps its line ending
			}
		}
		h.Segments = append(h.Segments, htmlattr.Span{Start: o, End: o + 1})
	}
	in.p.html = append(in.p.html, h)
}

func (in *inliner) closeBracket(i int) int {
	n := len(in.brackets)
	if n == 0 {
		return i + 1
	}
	op := in.brackets[n-1]
	in.brackets = in.brackets[:n-1]
	if !op.active {
		return i + 1
	}
	in.active--
	b := in.b
	after := i + 1
	l := Link{Def: -1, Text: in.t.span(op.text, i)}
	end := 0
	if after < len(b) && b[after] == '(' {
		j := skipSpaces(b, after+1)
		destStart := j
		if destEnd, angle, ok := linkDest(b, j); ok {
			j = skipSpaces(b, destEnd)
			titleStart, titleEnd := -1, -1
			if j > destEnd {
				if e := linkTitle(b, j); e > 0 {
					titleStart, titleEnd = j, e
					j = skipSpaces(b, e)
				}
			}
			if j < len(b) && b[j] == ')' {
				end = j + 1
				l.Kind = InlineLink
				if op.image {
					l.Kind = InlineImage
				}
				l.Dest, l.Angle = in.t.span(destStart, destEnd), angle
				l.Value = destURL(b[destStart:destEnd], angle)
				if titleStart >= 0 {
					l.Title = unescape(b[titleStart+1:titleEnd-1], true)
				}
			}
		}
	}
	if end == 0 {
		var label []byte
		refEnd := after
		switch k := linkLabel(b, after); {
		case k > 2:
			label, refEnd = b[after+1:after+k-1], after+k
		default:
			if k == 2 {
				refEnd = after + 2
			} else if after+1 < len(b) && b[after] == '[' && b[after+1] == ']' {
				refEnd = after + 2
			}
			if validLabel(b[op.text:i]) {
				label = b[op.text:i]
			}
		}
		if label != nil {
			if d, ok := in.p.defs[normalizeLabel(label)]; ok {
				def := in.p.links[d]
				end = refEnd
				l.Kind = ReferenceLink
				if op.image {
					l.Kind = ReferenceImage
				}
				l.Dest, l.Angle, l.Value, l.Title, l.Def = def.Dest, def.Angle, def.Value, def.Title, d
			}
		}
	}
	if end == 0 {
		return i + 1
	}
	l.At = in.t.span(op.pos, end)
	in.p.links = append(in.p.links, l)
	in.notText = append(in.notText, htmlattr.Span{Start: op.pos, End: end})
	if !op.image {
		// Links may not contain links: the '[' openers before this one
		// can no longer make one. Those below an inactive one already
		// are inactive, so the walk stops there.
		for k := len(in.brackets) - 1; k >= 0; k-- {
			br := &in.brackets[k]
			if br.image {
				continue
			}
			if !br.active {
				break
			}
			br.active = false
			in.active--
		}
	}
	return end
}

// The GFM extended autolinks (GFM spec 6.9), as cmark-gfm finds them.

func validHostChar(b []byte) bool {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n <= 1 {
		return false
	}
	if r < utf8.RuneSelf {
		return !isSpace(byte(r)) && !isASCIIPunct(byte(r))
	}
	return !unicode.IsSpace(r) && !unicode.IsPunct(r)
}

func checkDomain(data []byte, allowShort bool) int {
	np, us1, us2 := 0, 0, 0
	i := 1
	for ; i < len(data)-1; i++ {
		switch c := data[i]; {
		case c == '_':
			us2++
		case c == '.':
			us1, us2 = us2, 0
			np++
		case c != '-' && !validHostChar(data[i:]):
			goto done
		}
	}
done:
	if us1 > 0 || us2 > 0 {
		return 0
	}
	if allowShort || np > 0 {
		return i
	}
	return 0
}

func autolinkDelim(data []byte, end int) int {
	if k := bytes.IndexByte(data[:end], '<'); k >= 0 {
		end = k
	}
	for end > 0 {
		c := data[end-1]
		switch {
		case strings.IndexByte("?!.,:*_~'\"", c) >= 0:
			end--
		case c == ';':
			k := end - 2
			for k > 0 && isAlpha(data[k]) {
				k--
			}
			if k >= 0 && k < end-2 && data[k] == '&' {
				end = k
			} else {
				end--
			}
		case c == ')':
			open, close := 0, 0
			for _, c := range data[:end] {
				if c == '(' {
					open++
				} else if c == ')' {
					close++
				}
			}
			if close <= open {
				return end
			}
			end--
		default:
			return end
		}
	}
	return end
}

func (in *inliner) www(i int) int {
	b := in.b
	if i > 0 && strings.IndexByte("*_~(", b[i-1]) < 0 && !isSpace(b[i-1]) {
		return 0
	}
	data := b[i:]
	if !bytes.HasPrefix(data, []byte("www.")) {
		return 0
	}
	end := checkDomain(data, false)
	if end == 0 {
		return 0
	}
	for end < len(data) && !isSpace(data[end]) {
		end++
	}
	end = autolinkDelim(data, end)
	if end == 0 {
		return 0
	}
	in.extended(i, i+end, "http://"+string(data[:end]))
	return end
}

func (in *inliner) url(i int) int {
	b := in.b
	data := b[i:]
	if len(data) < 4 || data[1] != '/' || data[2] != '/' {
		return 0
	}
	rewind := 0
	for rewind < i && isAlpha(b[i-rewind-1]) {
		rewind++
	}
	link := b[i-rewind:]
	safe := false
	for _, s := range []string{"http://", "https://", "ftp://"} {
		if len(link) > len(s) && strings.EqualFold(string(link[:len(s)]), s) && validHostChar(link[len(s):]) {
			safe = true
			break
		}
	}
	if !safe {
		return 0
	}
	d := checkDomain(data[3:], true)
	if d == 0 {
		return 0
	}
	end := 3 + d
	for end < len(data) && !isSpace(data[end]) {
		end++
	}
	end = autolinkDelim(data, end)
	if end == 0 {
		return 0
	}
	in.extended(i-rewind, i+end, string(b[i-rewind:i+end]))
	return end
}

func (in *inliner) extended(i, j int, url string) {
	in.p.links = append(in.p.links, Link{
		Kind:  ExtendedAutolink,
		At:    in.t.span(i, j),
		Dest:  in.t.span(i, j),
		Value: url,
		Def:   -1,
	})
	in.notText = append(in.notText, htmlattr.Span{Start: i, End: j})
}

// emails finds the GFM extended email autolinks in the text that is left.
func (in *inliner) emails() {
	b := in.b
	// notText spans may nest (a code span in a link's text): sort and
	// walk the gaps.
	spans := in.notText
	sortSpans(spans)
	at := 0
	for _, s := range spans {
		if s.Start > at {
			in.emailsIn(at, s.Start)
		}
		at = max(at, s.End)
	}
	if at < len(b) {
		in.emailsIn(at, len(b))
	}
}

func sortSpans(s []htmlattr.Span) {
	// insertion sort: the spans come nearly in order
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Start < s[j-1].Start; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func (in *inliner) emailsIn(from, to int) {
	for from < to {
		k := bytes.IndexByte(in.b[from:to], '\n')
		if k < 0 {
			in.emailsInLine(from, to)
			return
		}
		in.emailsInLine(from, from+k)
		from += k + 1
	}
}

func (in *inliner) emailsInLine(from, to int) {
	seg := in.b[:to]
	off := from
	for off < to {
		k := bytes.IndexByte(seg[off:], '@')
		if k < 0 {
			return
		}
		at := off + k
		rewind, slash := 0, false
		for at-rewind-1 >= off {
			c := seg[at-rewind-1]
			if isAlnum(c) || strings.IndexByte(".+-_", c) >= 0 {
				rewind++
				continue
			}
			slash = c == '/'
			break
		}
		if rewind == 0 || slash {
			off = at + 1
			continue
		}
		data := seg[at:]
		end, nb, np := 0, 0, 0
	scan:
		for end < len(data) {
			c := data[end]
			switch {
			case isAlnum(c):
			case c == '@':
				nb++
			case c == '.' && end < len(data)-1 && isAlnum(data[end+1]):
				np++
			case c != '-' && c != '_':
				break scan
			}
			end++
		}
		if nb > 1 {
			// every '@' of this run but the last fails alike
			off = at + bytes.LastIndexByte(data[:end], '@')
			continue
		}
		if end < 2 || np == 0 || !isAlpha(data[end-1]) && data[end-1] != '.' {
			off = at + 1
			continue
		}
		end = autolinkDelim(data, end)
		if end == 0 {
			off = at + 1
			continue
		}
		s := at - rewind
		in.p.links = append(in.p.links, Link{
			Kind:  ExtendedAutolink,
			At:    in.t.span(s, at+end),
			Dest:  in.t.span(s, at+end),
			Value: "mailto:" + string(seg[s:at+end]),
			Def:   -1,
		})
		off = at + end
	}
}
