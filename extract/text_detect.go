package extract

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/linkprop"
)

// Plain-text link detection: the machinery behind ScanText and TextScanner.
//
// The text is read left to right, looking only at the bytes that can
// trigger a link: a label separator ("." or the three-byte "。", "．",
// "｡") and ":". Everything else is skipped by a table lookup per byte,
// which is what makes text without links cheap.
//
//   - At a separator, the run of label characters and separators around it
//     is the host candidate. It is checked (no empty label, no label that
//     starts or ends with "-", a last label that is an ICANN TLD) and then
//     read as an email domain (after "@"), or as a scheme-less domain
//     name followed by an optional port, path, query and fragment.
//   - At ":", the ASCII letters before it may be a scheme; see textSchemes.
//
// The whole text is never needed. Every decision about a candidate reads
// only bytes within MaxTextLinkLen (plus textMargin for prefixes such as
// "mailto:") of the trigger, and none before the end of the previous link
// (the floor). A reader that runs out of bytes before a decision can be
// made returns textTryMore, and the caller feeds more text and asks again from
// the same trigger. So the streaming TextScanner, which keeps only that
// much of the text, finds the same links as ScanText on the whole text,
// whatever the chunk sizes.

// textInput is the text, or the part of it in memory: b holds the bytes
// from absolute offset base on, and eof reports that b runs to the end of
// the text.
type textInput struct {
	b    []byte
	base int64
	eof  bool
}

// textState is what detection carries from one call of next to the next.
type textState struct {
	pos   int64 // absolute offset of the next byte to look at
	floor int64 // no backward scan goes below it: the end of the last link
	skip  bool  // skipping a dropped candidate up to the next Hard character
	more  bool  // next stopped because it needs more input

	// run caches what the local-part lookahead of tryDomain learned:
	// the bytes [runFrom, runTo) are local-part characters other than "@",
	// and if runStop the character at runTo is not one. A lookahead that
	// starts inside the run goes on from its end, so that a long chain of
	// names joined by such characters (a.com+a.com+...) is read once.
	runFrom, runTo int64
	runStop        bool
}

// textMargin is how far before a candidate's lower bound prefix checks
// ("<URL: ", "javascript:") may look; it is part of what a TextScanner
// keeps.
const textMargin = 16

// textMaxDepth bounds the bracket stack of a path, query or fragment part;
// an opening bracket beyond it ends the link.
const textMaxDepth = 32

// Sentinel runes returned by textDet.at and textDet.before.
const (
	textRuneEnd = -1 // the end of the text (or of the allowed range)
	textRuneBad = -2 // a byte that does not start valid UTF-8
)

type textTry uint8

const (
	textTryNone textTry = iota // no link at this trigger; go on at the returned position
	textTryLink                // a link: textDet.start, end, email, scheme, wrapped
	textTryMore                // more input is needed to decide
)

// textTrigger marks the bytes that can start a candidate: ".", ":", and
// the lead bytes of U+3002 (E3 80 82), U+FF0E (EF BC 8E) and U+FF61
// (EF BD A1).
var textTrigger = [256]bool{'.': true, ':': true, 0xE3: true, 0xEF: true}

// textDet is one call's view of the input, in indices of b.
type textDet struct {
	b     []byte
	eof   bool
	floor int
	skip  bool // set by a try function: skip from the returned position
	base  int64

	// textState's run cache, copied in and out by next.
	runFrom, runTo int64
	runStop        bool

	// The link found, when a try function returns textTryLink.
	start, end int
	email      bool
	wrapped    bool
	scheme     string
}

// next looks for the next link from st.pos. It returns true with m set
// when it finds one. It returns false when it has looked at all of in;
// st.more then reports whether it stopped for want of input (in.eof is
// false and a candidate, or the skipping of one, is undecided).
func (st *textState) next(in *textInput, m *TextMatch) bool {
	st.more = false
	b := in.b
	d := textDet{b: b, eof: in.eof, floor: int(st.floor - in.base), base: in.base,
		runFrom: st.runFrom, runTo: st.runTo, runStop: st.runStop}
	i := int(st.pos - in.base)
	found := false
loop:
	for {
		if st.skip {
			for {
				r, n, ok := d.at(i)
				if !ok {
					st.more = true
					break loop
				}
				if r == textRuneEnd {
					break loop
				}
				if textTerm(r) == linkprop.Hard {
					st.skip = false
					d.floor = i
					break
				}
				i += n
			}
		}
		k := textNextTrigger(b, i)
		if k == len(b) {
			i = k
			st.more = !in.eof
			break
		}
		var res textTry
		var nxt int
		switch b[k] {
		case ':':
			res, nxt = d.tryScheme(k)
		case '.':
			res, nxt = d.tryDomain(k, 1)
		default:
			if k+3 > len(b) && !in.eof {
				i = k
				st.more = true
				break loop
			}
			if textWideDot(b[k:]) {
				res, nxt = d.tryDomain(k, 3)
			} else {
				res, nxt = textTryNone, k+1
			}
		}
		switch res {
		case textTryMore:
			i = k
			st.more = true
			break loop
		case textTryLink:
			m.Start = in.base + int64(d.start)
			m.End = in.base + int64(d.end)
			m.Raw = b[d.start:d.end:d.end]
			m.Email = d.email
			m.Scheme = d.scheme
			m.Wrapped = d.wrapped
			i = d.end
			d.floor = d.end
			found = true
			break loop
		default:
			i = nxt
			if d.skip {
				d.skip = false
				st.skip = true
				d.floor = nxt
			}
		}
	}
	st.pos = in.base + int64(i)
	st.floor = in.base + int64(d.floor)
	st.runFrom, st.runTo, st.runStop = d.runFrom, d.runTo, d.runStop
	return found
}

// keep returns the absolute offset before which a TextScanner may drop
// the text: nothing that next reads later lies before it.
func (st *textState) keep() int64 {
	k := st.pos - MaxTextLinkLen - textMargin
	if k < st.floor {
		k = st.floor
	}
	return k
}

// textNextTrigger returns the index of the first trigger byte in b[i:], or
// len(b). Eight bytes at a time, it skips the words that hold no ".", no
// ":" and no byte of a non-ASCII character (whose lead byte may start a
// wide dot): in prose, almost all of them.
func textNextTrigger(b []byte, i int) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	for {
		for ; i+8 <= len(b); i += 8 {
			x := binary.LittleEndian.Uint64(b[i:])
			dot, colon := x^(ones*'.'), x^(ones*':')
			if (x|(dot-ones)&^dot|(colon-ones)&^colon)&highs != 0 {
				break
			}
		}
		end := min(i+8, len(b))
		for ; i < end; i++ {
			if textTrigger[b[i]] {
				return i
			}
		}
		if i == len(b) {
			return i
		}
	}
}

// textWideDot reports whether b starts with U+3002, U+FF0E or U+FF61.
func textWideDot(b []byte) bool {
	if len(b) < 3 {
		return false
	}
	switch b[0] {
	case 0xE3:
		return b[1] == 0x80 && b[2] == 0x82
	case 0xEF:
		return b[1] == 0xBC && b[2] == 0x8E || b[1] == 0xBD && b[2] == 0xA1
	}
	return false
}

// at decodes the rune at b[i]. It returns textRuneEnd at the end of the text
// and textRuneBad (size 1) for a byte that is not valid UTF-8. ok is false
// when b ends before the rune does and more input may follow.
func (d *textDet) at(i int) (r rune, n int, ok bool) {
	if i >= len(d.b) {
		if d.eof {
			return textRuneEnd, 0, true
		}
		return 0, 0, false
	}
	c := d.b[i]
	if c < utf8.RuneSelf {
		return rune(c), 1, true
	}
	if !d.eof && !utf8.FullRune(d.b[i:]) {
		return 0, 0, false
	}
	r, n = utf8.DecodeRune(d.b[i:])
	if r == utf8.RuneError && n == 1 {
		return textRuneBad, 1, true
	}
	return r, n, true
}

// hasAt reports whether b[i:] starts with s, or ok false when b ends too
// early to tell.
func (d *textDet) hasAt(i int, s string) (has, ok bool) {
	if i+len(s) > len(d.b) {
		if !d.eof {
			return false, false
		}
		if i >= len(d.b) {
			return false, true
		}
		return false, true
	}
	return string(d.b[i:i+len(s)]) == s, true
}

// before decodes the rune that ends at b[i], reading nothing before lo. It
// returns textRuneEnd at lo.
func (d *textDet) before(i, lo int) (r rune, n int) {
	if i <= lo {
		return textRuneEnd, 0
	}
	c := d.b[i-1]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, n = utf8.DecodeLastRune(d.b[lo:i])
	if r == utf8.RuneError && n == 1 {
		return textRuneBad, 1
	}
	return r, n
}

// lower is the lowest index a candidate triggered at t may read for its
// own text; prefixLower adds the margin for the prefixes before it.
func (d *textDet) lower(t int) int { return max(d.floor, t-MaxTextLinkLen) }

func (d *textDet) prefixLower(t int) int { return max(d.floor, t-MaxTextLinkLen-textMargin) }

// skipFrom drops the candidate: detection goes on after the next Hard
// character from i.
func (d *textDet) skipFrom(i int) (textTry, int) {
	d.skip = true
	return textTryNone, i
}

// reject drops the candidate and lets no later backward scan reach before
// i (UTS #58 does this after an invalid email address).
func (d *textDet) reject(i int) (textTry, int) {
	d.floor = i
	return textTryNone, i
}

// textTerm is the Link_Term value of r as this package uses it: the UTS #58
// value, except that the bidi formatting characters are Hard and so are
// the sentinels.
func textTerm(r rune) linkprop.Term {
	if r < 0 {
		return linkprop.Hard
	}
	if r >= 0x61C && textBidiFormat(r) {
		return linkprop.Hard
	}
	return linkprop.TermOf(r)
}

// textBidiFormat reports the explicit bidirectional formatting characters:
// ALM, LRM, RLM, LRE..RLO and LRI..PDI.
func textBidiFormat(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200E, r == 0x200F:
		return true
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return true
	}
	return false
}

// textIsWhite reports Unicode White_Space.
func textIsWhite(r rune) bool {
	if r < 0 {
		return false
	}
	if r < 0x80 {
		return r == ' ' || '\t' <= r && r <= '\r'
	}
	return unicode.Is(unicode.White_Space, r)
}

func textIsLineBreak(r rune) bool {
	switch r {
	case '\n', '\v', '\f', '\r', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// hostForward scans a run of host characters from b[i]: label characters
// and separators, and with wide also the other non-ASCII characters whose
// Link_Term is Include (symbols and emoji, which a URL with a scheme may
// have in its host). Of the separators that end the run it keeps one, as
// the final dot of a fully qualified name ("example.com..." is the name
// example.com. followed by ".."). It returns the end of the host and the
// rune after it; a host that reaches limit makes it return textTryNone.
func (d *textDet) hostForward(i, limit int, wide bool) (he int, after rune, res textTry) {
	j := i
	seps, sepStart, firstSep := 0, 0, 0
	for {
		r, n, ok := d.at(j)
		if !ok {
			return 0, 0, textTryMore
		}
		switch {
		case textIsSep(r):
			if seps == 0 {
				sepStart, firstSep = j, n
			}
			seps++
		case textLabelRune(r) || wide && r >= utf8.RuneSelf && textTerm(r) == linkprop.Include:
			seps = 0
		default:
			// "_" around a name is not part of it: _example.com_ in
			// Markdown.
			if e := j; d.b[e-1] == '_' {
				for e > i && d.b[e-1] == '_' {
					e--
				}
				return e, '_', textTryLink
			}
			if seps >= 2 {
				he = sepStart + firstSep
				after, _, _ = d.at(he)
				return he, after, textTryLink
			}
			return j, r, textTryLink
		}
		j += n
		if j > limit {
			return 0, 0, textTryNone
		}
	}
}

// tryDomain looks at the separator of sz bytes at b[t].
func (d *textDet) tryDomain(t, sz int) (textTry, int) {
	lo := d.lower(t)
	if r, _ := d.before(t, lo); !textLabelRune(r) {
		return textTryNone, t + sz
	}
	r, _, ok := d.at(t + sz)
	if !ok {
		return textTryMore, t
	}
	if !textLabelRune(r) {
		return textTryNone, t + sz
	}
	hs := t
	for {
		r, n := d.before(hs, lo)
		if !textLabelRune(r) && !textIsSep(r) {
			break
		}
		hs -= n
	}
	if hs == lo && lo > d.floor {
		return d.skipFrom(t)
	}
	for hs < t && d.b[hs] == '_' {
		hs++
	}
	he, after, res := d.hostForward(t+sz, hs+MaxTextLinkLen, false)
	switch res {
	case textTryMore:
		return textTryMore, t
	case textTryNone:
		return d.skipFrom(t)
	}
	ls, le, labels, valid := textCheckHost(d.b[hs:he])
	if !valid || labels < 2 || !textIsTLD(d.b[hs+ls:hs+le]) {
		return textTryNone, he
	}
	// A name followed by "@", or by more local-part characters and "@",
	// is (part of) the local part of an address.
	switch d.atAhead(he, hs+MaxTextLinkLen) {
	case textTryMore:
		return textTryMore, t
	case textTryLink:
		return textTryNone, he
	}
	tldEnd := hs + le
	if r, _ := d.before(hs, lo); r == '@' {
		return d.tryEmail(t, hs-1, tldEnd, he)
	}
	return d.tryBare(t, hs, he, tldEnd, after)
}

// atAhead reports (textTryLink) whether the local-part characters from
// b[i] on (other than "/", "?" and "#", which start a path) lead to an "@"
// before limit. It uses and extends the run cached in textState.
func (d *textDet) atAhead(i, limit int) textTry {
	st := d
	abs := d.base + int64(i)
	j := i
	if st.runFrom <= abs && abs <= st.runTo {
		if st.runStop {
			return textTryNone
		}
		j = int(st.runTo - d.base)
	} else {
		st.runFrom, st.runTo, st.runStop = abs, abs, false
	}
	for {
		r, n, ok := d.at(j)
		if !ok {
			st.runTo = d.base + int64(j)
			return textTryMore
		}
		if r == '@' {
			st.runTo = d.base + int64(j)
			return textTryLink
		}
		if r < 0 || r == '/' || r == '?' || r == '#' || !linkprop.IsEmail(r) {
			st.runTo, st.runStop = d.base+int64(j), true
			return textTryNone
		}
		if j >= limit {
			st.runTo = d.base + int64(j)
			return textTryNone
		}
		j += n
	}
}

// tryEmail finishes an address whose domain name ends at he (tldEnd without
// a trailing separator) and whose "@" is at b[at].
func (d *textDet) tryEmail(t, at, tldEnd, he int) (textTry, int) {
	lo := d.lower(t)
	ls := at
	for {
		r, n := d.before(ls, lo)
		if r < 0 || !linkprop.IsEmail(r) {
			break
		}
		ls -= n
	}
	if ls == lo && lo > d.floor {
		return d.reject(he)
	}
	// Brackets and quotation marks before an address are not part of it:
	// {joe@example.com}, 'joe@example.com'. (A leading "." is, and makes
	// the address invalid, as UTS #58 wants.)
	for ls < at {
		r, n, _ := d.at(ls)
		if tm := textTerm(r); r == '.' || tm != linkprop.Open && tm != linkprop.Soft {
			break
		}
		ls += n
	}
	local := d.b[ls:at]
	if !textLocalOK(local) {
		return d.reject(he)
	}
	if len(local) >= 2 && local[0] == '/' && local[1] == '/' {
		if r, _ := d.before(ls, lo); r == ':' {
			return d.reject(he) // the user name of a URL
		}
	}
	d.start, d.scheme = ls, ""
	plo := d.prefixLower(t)
	if textHasSuffixFold(d.b[plo:ls], "mailto:") {
		d.start, d.scheme = ls-len("mailto:"), "mailto"
	} else if textHasSuffixFold(d.b[plo:ls], "xmpp:") {
		d.start, d.scheme = ls-len("xmpp:"), "xmpp"
	}
	d.end = tldEnd
	if d.scheme != "" && tldEnd == he {
		r, _, ok := d.at(he)
		if !ok {
			return textTryMore, t
		}
		if r == '?' {
			e, res := d.scanPQF(he, d.start)
			switch res {
			case textTryMore:
				return textTryMore, t
			case textTryNone:
				return d.skipFrom(t)
			}
			d.end = e
		}
	}
	d.email = d.scheme != "xmpp"
	return d.finish(t)
}

// textLocalOK checks a local part as UTS #58 does: not empty, and no "."
// first, last or twice in a row.
func textLocalOK(b []byte) bool {
	if len(b) == 0 || b[0] == '.' || b[len(b)-1] == '.' {
		return false
	}
	for i := 1; i < len(b); i++ {
		if b[i] == '.' && b[i-1] == '.' {
			return false
		}
	}
	return true
}

// tryAddress reads "mailto:" or "xmpp:" (the scheme is b[ws:t]) followed by
// local@host. With the scheme written, the host need not have a real TLD
// (mailto:root@localhost); without an "@" nothing is linked here, and an
// xmpp: domain name alone is left to tryBare.
func (d *textDet) tryAddress(t, ws int, s textScheme) (textTry, int) {
	limit := ws + MaxTextLinkLen
	j := t + 1
	for {
		r, n, ok := d.at(j)
		if !ok {
			return textTryMore, t
		}
		if r == '@' {
			break
		}
		if r < 0 || !linkprop.IsEmail(r) || j+n > limit {
			return textTryNone, t + 1
		}
		j += n
	}
	local := d.b[t+1 : j]
	if !textLocalOK(local) || local[0] == '/' {
		return textTryNone, t + 1
	}
	he, _, res := d.hostForward(j+1, limit, false)
	switch res {
	case textTryMore:
		return textTryMore, t
	case textTryNone:
		return textTryNone, t + 1
	}
	_, le, _, valid := textCheckHost(d.b[j+1 : he])
	if !valid || !textHostNumberOK(d.b[j+1:he], le) {
		return textTryNone, t + 1
	}
	end := j + 1 + le
	if end == he {
		r, _, ok := d.at(he)
		if !ok {
			return textTryMore, t
		}
		if r == '?' {
			e, res := d.scanPQF(he, ws)
			switch res {
			case textTryMore:
				return textTryMore, t
			case textTryNone:
				return d.skipFrom(t)
			}
			end = e
		}
	}
	d.start, d.end, d.scheme, d.email = ws, end, s.name, s.name == "mailto"
	return d.finish(t)
}

// tryBare finishes a domain name written without a scheme (or after xmpp:),
// b[hs:he], followed by the rune after.
func (d *textDet) tryBare(t, hs, he, tldEnd int, after rune) (textTry, int) {
	d.start, d.scheme, d.email = hs, "", false
	plo := d.prefixLower(t)
	if r, _ := d.before(hs, plo); r == ':' {
		ws := hs - 1
		for ws > plo && hs-1-ws < 12 && textLetter(d.b[ws-1]) {
			ws--
		}
		switch s := textLookupScheme(d.b[ws : hs-1]); s.kind {
		case textSchemeForbidden:
			return d.skipFrom(hs)
		case textSchemeAddress:
			if s.name == "xmpp" {
				d.start, d.scheme = ws, s.name
			}
		}
	} else if hs-3 >= plo && string(d.b[hs-3:hs]) == "://" {
		// After a scheme that tryScheme did not take (1abc://host).
		return d.skipFrom(hs)
	}
	end := he
	if tldEnd < he { // a trailing separator: kept only before a path
		end = tldEnd
		if after == '/' || after == '?' || after == '#' {
			e, res := d.scanPQF(he, d.start)
			switch res {
			case textTryMore:
				return textTryMore, t
			case textTryNone:
				return d.skipFrom(t)
			}
			if e > he {
				end = e
			}
		}
		d.end = end
		return d.finish(t)
	}
	if after == ':' {
		j, v := he+1, 0
		for {
			r, _, ok := d.at(j)
			if !ok {
				return textTryMore, t
			}
			if r < '0' || r > '9' {
				break
			}
			if j-he > 5 {
				return textTryNone, he // more than five digits: not a port
			}
			v = v*10 + int(r-'0')
			j++
		}
		if j > he+1 {
			if v > 0xFFFF {
				return textTryNone, he
			}
			end = j
		}
	}
	r, _, ok := d.at(end)
	if !ok {
		return textTryMore, t
	}
	if r == '/' || r == '?' || r == '#' {
		e, res := d.scanPQF(end, d.start)
		switch res {
		case textTryMore:
			return textTryMore, t
		case textTryNone:
			return d.skipFrom(t)
		}
		end = e
	}
	d.end = end
	return d.finish(t)
}

const (
	textPartPath = iota
	textPartQuery
	textPartFragment
)

// scanPQF scans a path, query and fragment from b[i] (usually their "/",
// "?" or "#") with the Link_Term and Link_Bracket rules of UTS #58, and
// returns where the link ends. The link starts at b[start]; a link longer
// than MaxTextLinkLen makes scanPQF return textTryNone, and so does one
// whose end is not decided within textMargin bytes after that (a long run
// of Soft characters).
func (d *textDet) scanPQF(i, start int) (int, textTry) {
	limit := start + MaxTextLinkLen
	last := i
	part := textPartPath
	var stack [textMaxDepth]rune
	depth := 0
	for j := i; ; {
		r, n, ok := d.at(j)
		if !ok {
			return 0, textTryMore
		}
		switch {
		case r == '?' && part == textPartPath:
			part, depth = textPartQuery, 0
		case r == '#' && part != textPartFragment:
			part, depth = textPartFragment, 0
		case r == '/' && part == textPartPath, (r == '=' || r == '&') && part == textPartQuery:
			depth = 0
		case r == ':' && part == textPartFragment:
			has, ok := d.hasAt(j, ":~:")
			if !ok {
				return 0, textTryMore
			}
			if has {
				depth = 0
			}
		}
		tm := textTerm(r)
		switch tm {
		case linkprop.Hard:
			return last, textTryLink
		case linkprop.Open:
			if depth == len(stack) {
				return last, textTryLink
			}
		case linkprop.Close:
			if depth == 0 {
				return last, textTryLink
			}
			if o, _ := linkprop.Bracket(r); o != stack[depth-1] {
				return last, textTryLink
			}
		}
		if j+n > limit && (tm != linkprop.Soft || j+n > limit+textMargin) {
			return 0, textTryNone
		}
		switch tm {
		case linkprop.Include:
			last = j + n
		case linkprop.Open:
			stack[depth] = r
			depth++
			last = j + n
		case linkprop.Close:
			depth--
			last = j + n
		}
		j += n
	}
}

// tryScheme looks at the ":" at b[t].
func (d *textDet) tryScheme(t int) (textTry, int) {
	lo := d.lower(t)
	ws := t
	for ws > lo && t-ws < 12 && textLetter(d.b[ws-1]) {
		ws--
	}
	if ws == t || ws > lo && textAlnum(d.b[ws-1]) {
		return textTryNone, t + 1
	}
	s := textLookupScheme(d.b[ws:t])
	switch s.kind {
	case textSchemeUnknown, textSchemeForbidden:
		slashes, ok := d.hasAt(t+1, "//")
		if !ok {
			return textTryMore, t
		}
		if slashes {
			return d.skipFrom(t)
		}
		return textTryNone, t + 1
	case textSchemeHier:
		slashes, ok := d.hasAt(t+1, "//")
		if !ok {
			return textTryMore, t
		}
		if !slashes {
			return textTryNone, t + 1
		}
		return d.tryHier(t, ws, s.name)
	case textSchemePhone, textSchemeMagnet, textSchemeNews:
		return d.tryOpaque(t, ws, s)
	case textSchemeAddress:
		return d.tryAddress(t, ws, s)
	}
	return textTryNone, t + 1
}

// tryHier reads the authority, path, query and fragment of a URL whose scheme
// is b[ws:t] and whose "//" follows b[t].
func (d *textDet) tryHier(t, ws int, scheme string) (textTry, int) {
	a := t + 3
	limit := ws + MaxTextLinkLen
	r, _, ok := d.at(a)
	if !ok {
		return textTryMore, t
	}
	he := a
	sep := 0 // size of a trailing separator of the host
	if r == '[' {
		j := a + 1
		for {
			r, _, ok := d.at(j)
			if !ok {
				return textTryMore, t
			}
			if r == ']' {
				break
			}
			if !textIPv6Byte(r) || j-a > 64 {
				return d.skipFrom(t)
			}
			j++
		}
		ip, err := netip.ParseAddr(string(d.b[a+1 : j]))
		if err != nil || !ip.Is6() {
			return d.skipFrom(t)
		}
		he = j + 1
	} else {
		var res textTry
		he, _, res = d.hostForward(a, limit, true)
		switch res {
		case textTryMore:
			return textTryMore, t
		case textTryNone:
			return d.skipFrom(t)
		}
		if he == a {
			return d.skipFrom(t)
		}
		_, le, _, valid := textCheckHost(d.b[a:he])
		if !valid || !textHostNumberOK(d.b[a:he], le) {
			return d.skipFrom(t)
		}
		sep = he - (a + le)
	}
	end := he
	r, _, ok = d.at(he)
	if !ok {
		return textTryMore, t
	}
	switch r {
	case '@':
		return d.skipFrom(t) // a user name: not linked
	case ':':
		j, v := he+1, 0
		for {
			r, _, ok := d.at(j)
			if !ok {
				return textTryMore, t
			}
			if r < '0' || r > '9' {
				break
			}
			if j-he > 5 {
				return d.skipFrom(t)
			}
			v = v*10 + int(r-'0')
			j++
		}
		if j == he+1 {
			// No port: a user name and password if an "@" comes before
			// the path.
			for k := j; ; {
				r, n, ok := d.at(k)
				if !ok {
					return textTryMore, t
				}
				if r == '@' {
					return d.skipFrom(t)
				}
				if r == '/' || r == '?' || r == '#' || textTerm(r) == linkprop.Hard || k+n > limit {
					break
				}
				k += n
			}
			break
		}
		if v > 0xFFFF {
			return d.skipFrom(t)
		}
		r, _, ok := d.at(j)
		if !ok {
			return textTryMore, t
		}
		if r == '@' {
			return d.skipFrom(t)
		}
		end = j
	}
	r, _, ok = d.at(end)
	if !ok {
		return textTryMore, t
	}
	if r == '/' || r == '?' || r == '#' {
		e, res := d.scanPQF(end, ws)
		switch res {
		case textTryMore:
			return textTryMore, t
		case textTryNone:
			return d.skipFrom(t)
		}
		end = e
	} else if end == he {
		end -= sep
	}
	d.start, d.end, d.scheme, d.email = ws, end, scheme, false
	return d.finish(t)
}

// tryOpaque reads a tel:, sms:, magnet: or news: link whose scheme is
// b[ws:t].
func (d *textDet) tryOpaque(t, ws int, s textScheme) (textTry, int) {
	r, _, ok := d.at(t + 1)
	if !ok {
		return textTryMore, t
	}
	switch s.kind {
	case textSchemePhone:
		if r != '+' && (r < '0' || r > '9') {
			return textTryNone, t + 1
		}
	case textSchemeMagnet:
		if r != '?' {
			return textTryNone, t + 1
		}
	}
	e, res := d.scanPQF(t+1, ws)
	switch res {
	case textTryMore:
		return textTryMore, t
	case textTryNone:
		return d.skipFrom(t)
	}
	body := d.b[t+1 : e]
	switch s.kind {
	case textSchemePhone:
		if !textIsPhone(body, s.name == "sms") {
			return textTryNone, t + 1
		}
	case textSchemeMagnet:
		if len(body) < 2 {
			return textTryNone, t + 1
		}
	case textSchemeNews:
		if len(body) == 0 {
			return textTryNone, t + 1
		}
	}
	d.start, d.end, d.scheme, d.email = ws, e, s.name, false
	return d.finish(t)
}

// textIsPhone checks the body of a tel: or sms: URI up to its query (which
// only sms may have): "+" or a digit first, at least three digits, and
// otherwise only visual separators, "*", "#", parameters and
// percent-encoding.
func textIsPhone(b []byte, query bool) bool {
	digits := 0
	for i, c := range b {
		switch {
		case '0' <= c && c <= '9':
			digits++
		case c == '?' && query && i > 0:
			return digits >= 3
		case c == '+' || c == '-' || c == '.' || c == '(' || c == ')' || c == '*' ||
			c == '#' || c == ';' || c == '=' || c == ',' || c == '%' || textLetter(c):
		default:
			return false
		}
	}
	return digits >= 3
}

func textIPv6Byte(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F' || r == ':' || r == '.'
}

// finish applies the angle-bracket rule of RFC 3986 appendix C to the link
// b[d.start:d.end] found at trigger t.
func (d *textDet) finish(t int) (textTry, int) {
	d.wrapped = false
	plo := d.prefixLower(t)
	s := d.start
	if s-1 >= plo {
		d.closeQuote(d.b[s-1])
	}
	switch {
	case s-1 >= plo && d.b[s-1] == '<':
	case s-5 >= plo && textHasSuffixFold(d.b[s-5:s], "<URL:"):
	case s-6 >= plo && textHasSuffixFold(d.b[s-6:s], "<URL: "):
	default:
		return textTryLink, d.end
	}
	j := d.end
	ws, nl, saw := false, false, false
	for {
		r, n, ok := d.at(j)
		if !ok {
			return textTryMore, t
		}
		if r == '>' {
			break
		}
		if r == textRuneEnd || r == '<' || j+n > s+MaxTextLinkLen {
			return textTryLink, d.end
		}
		if textIsWhite(r) {
			ws, saw = true, true
			nl = nl || textIsLineBreak(r)
		} else if textTerm(r) == linkprop.Hard {
			return textTryLink, d.end
		} else {
			if ws && !nl {
				return textTryLink, d.end
			}
			ws, nl = false, false
		}
		j += n
	}
	if ws && !nl {
		return textTryLink, d.end
	}
	d.end, d.wrapped = j, saw
	return textTryLink, d.end
}

// closeQuote ends the link at the quote that closes the quote q written
// just before it: in "https://a/","https://b/" (JSON, code, HTML written
// as text) and `https://e.org/a` (a Markdown code span) the quote is the
// link's delimiter, as RFC 3986 appendix C has the double quote, and not
// the part of the link that UTS #58 would make it when more follows.
// Trailing Soft characters before that quote are left out as at any end.
// The single quote is not one: it is an apostrophe as often as a quote
// ('http://foo.com/bar'more is one link for xurls).
func (d *textDet) closeQuote(q byte) {
	if q != '"' && q != '`' {
		return
	}
	i := bytes.IndexByte(d.b[d.start:d.end], q)
	if i < 0 {
		return
	}
	end := d.start + i
	for end > d.start {
		r, n := utf8.DecodeLastRune(d.b[d.start:end])
		if textTerm(r) != linkprop.Soft {
			break
		}
		end -= n
	}
	if end > d.start {
		d.end = end
	}
}

func textLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func textAlnum(c byte) bool { return textLetter(c) || '0' <= c && c <= '9' }

// textHasSuffixFold reports whether b ends with s, ignoring ASCII case; s is
// lower case or punctuation.
func textHasSuffixFold(b []byte, s string) bool {
	if len(b) < len(s) {
		return false
	}
	b = b[len(b)-len(s):]
	for i := 0; i < len(s); i++ {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		sc := s[i]
		if 'A' <= sc && sc <= 'Z' {
			sc += 'a' - 'A'
		}
		if c != sc {
			return false
		}
	}
	return true
}
