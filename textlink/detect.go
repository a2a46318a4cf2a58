package textlink

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/linkprop"
)

// Plain-text link detection: the machinery behind Find and Scanner.
//
// The text is read left to right, looking only at the bytes that can
// trigger a link: a label separator ("." or the three-byte "。", "．",
// "｡") and ":". Everything else is skipped eight bytes at a time (see
// nextTrigger), which is what makes text without links cheap.
//
//   - At a separator, the run of label characters and separators around it
//     is the host candidate. It is checked (no empty label, no label that
//     starts or ends with "-", a last label that is an ICANN TLD) and then
//     read as an email domain (after "@"), or as a scheme-less domain
//     name followed by an optional port, path, query and fragment.
//   - At ":", the ASCII letters before it may be a scheme; see schemes.
//
// The whole text is never needed. Every decision about a candidate reads
// only bytes within MaxLen (plus margin for prefixes such as
// "mailto:") of the trigger, and none before the end of the previous link
// (the floor). A reader that runs out of bytes before a decision can be
// made returns tryMore, and the caller feeds more text and asks again from
// the same trigger. So the streaming Scanner, which keeps only that
// much of the text, finds the same links as Find on the whole text,
// whatever the chunk sizes.

// input is the text, or the part of it in memory: b holds the bytes
// from absolute offset base on, and eof reports that b runs to the end of
// the text.
type input struct {
	b    []byte
	base int64
	eof  bool
}

// state is what detection carries from one call of next to the next.
type state struct {
	pos   int64 // absolute offset of the next byte to look at
	floor int64 // no backward scan goes below it: the end of the last link
	skip  bool  // skipping a dropped candidate up to the next Hard character
	more  bool  // next stopped because it needs more input

	// dropped, when not nil, is called with the offset of each candidate
	// dropped for being longer than MaxLen (see Scanner.Oversize).
	dropped func(offset int64)

	// run caches what the local-part lookahead of tryDomain learned:
	// the bytes [runFrom, runTo) are local-part characters other than "@",
	// and if runStop the character at runTo is not one. A lookahead that
	// starts inside the run goes on from its end, so that a long chain of
	// names joined by such characters (a.com+a.com+...) is read once.
	runFrom, runTo int64
	runStop        bool
}

// margin is how far before a candidate's lower bound prefix checks
// ("<URL: ", "javascript:") may look; it is part of what a Scanner
// keeps.
const margin = 16

// maxDepth bounds the bracket stack of a path, query or fragment part;
// an opening bracket beyond it ends the link.
const maxDepth = 32

// Sentinel runes returned by det.at and det.before.
const (
	runeEnd = -1 // the end of the text (or of the allowed range)
	runeBad = -2 // a byte that does not start valid UTF-8
)

type outcome uint8

const (
	tryNone outcome = iota // no link at this trigger; go on at the returned position
	tryLink                // a link: det.start, end, email, scheme, wrapped
	tryMore                // more input is needed to decide
)

// det is one call's view of the input, in indices of b.
type det struct {
	b        []byte
	eof      bool
	floor    int
	skip     bool // set by a try function: skip from the returned position
	oversize bool // set by a try function: the candidate is longer than MaxLen
	base     int64

	// state's run cache, copied in and out by next.
	runFrom, runTo int64
	runStop        bool

	// The link found, when a try function returns tryLink; start is
	// also where a candidate dropped for its length (long) starts, as
	// far back as its try function looked.
	start, end int
	email      bool
	wrapped    bool
	scheme     string
}

// next looks for the next link from st.pos. It returns true with m set
// when it finds one. It returns false when it has looked at all of in;
// st.more then reports whether it stopped for want of input (in.eof is
// false and a candidate, or the skipping of one, is undecided).
func (st *state) next(in *input, m *Match) bool {
	st.more = false
	b := in.b
	d := det{b: b, eof: in.eof, floor: int(st.floor - in.base), base: in.base,
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
				if r == runeEnd {
					break loop
				}
				if termOf(r) == linkprop.Hard {
					st.skip = false
					d.floor = i
					break
				}
				i += n
			}
		}
		k := nextTrigger(b, i)
		if k == len(b) {
			i = k
			st.more = !in.eof
			break
		}
		var res outcome
		var nxt int
		d.oversize, d.start = false, k
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
			if wideDot(b[k:]) {
				res, nxt = d.tryDomain(k, 3)
			} else {
				res, nxt = tryNone, k+1
			}
		}
		switch res {
		case tryMore:
			i = k
			st.more = true
			break loop
		case tryLink:
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
			if d.oversize && st.dropped != nil {
				st.dropped(in.base + int64(d.start))
			}
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

// keep returns the absolute offset before which a Scanner may drop
// the text: nothing that next reads later lies before it.
func (st *state) keep() int64 {
	k := st.pos - MaxLen - margin
	if k < st.floor {
		k = st.floor
	}
	return k
}

// nextTrigger returns the index of the first byte in b[i:] at which next
// must look, or len(b): a "." or ":", the start of a wide dot (U+3002,
// U+FF0E or U+FF61), or a lead byte 0xE3 or 0xEF too near the end of b to
// tell whether one starts there (next asks for more input, or at the end
// of the text goes on after it). Eight bytes at a time, it skips the
// words that hold no ".", ":", 0xE3 or 0xEF: in prose of any script,
// almost all of them (other non-ASCII bytes never trigger).
func nextTrigger(b []byte, i int) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	for {
		for ; i+8 <= len(b); i += 8 {
			x := binary.LittleEndian.Uint64(b[i : i+8])
			dot, colon := x^(ones*'.'), x^(ones*':')
			hit := (dot-ones)&^dot | (colon-ones)&^colon
			if x&highs != 0 {
				e3, ef := x^(ones*0xE3), x^(ones*0xEF)
				hit |= (e3-ones)&^e3 | (ef-ones)&^ef
			}
			if hit&highs != 0 {
				break
			}
		}
		end := min(i+8, len(b))
		for ; i < end; i++ {
			switch c := b[i]; c {
			case '.', ':':
				return i
			case 0xE3, 0xEF:
				if i+3 > len(b) || wideDot(b[i:]) {
					return i
				}
			}
		}
		if i == len(b) {
			return i
		}
	}
}

// wideDot reports whether b starts with U+3002, U+FF0E or U+FF61.
func wideDot(b []byte) bool {
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

// at decodes the rune at b[i]. It returns runeEnd at the end of the text
// and runeBad (size 1) for a byte that is not valid UTF-8. ok is false
// when b ends before the rune does and more input may follow.
func (d *det) at(i int) (r rune, n int, ok bool) {
	if i >= len(d.b) {
		if d.eof {
			return runeEnd, 0, true
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
		return runeBad, 1, true
	}
	return r, n, true
}

// hasAt reports whether b[i:] starts with s, or ok false when b ends too
// early to tell.
func (d *det) hasAt(i int, s string) (has, ok bool) {
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
// returns runeEnd at lo.
func (d *det) before(i, lo int) (r rune, n int) {
	if i <= lo {
		return runeEnd, 0
	}
	c := d.b[i-1]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, n = utf8.DecodeLastRune(d.b[lo:i])
	if r == utf8.RuneError && n == 1 {
		return runeBad, 1
	}
	return r, n
}

// lower is the lowest index a candidate triggered at t may read for its
// own text; prefixLower adds the margin for the prefixes before it.
func (d *det) lower(t int) int { return max(d.floor, t-MaxLen) }

func (d *det) prefixLower(t int) int { return max(d.floor, t-MaxLen-margin) }

// skipFrom drops the candidate: detection goes on after the next Hard
// character from i.
func (d *det) skipFrom(i int) (outcome, int) {
	d.skip = true
	return tryNone, i
}

// reject drops the candidate and lets no later backward scan reach before
// i (UTS #58 does this after an invalid email address).
func (d *det) reject(i int) (outcome, int) {
	d.floor = i
	return tryNone, i
}

// termOf is the Link_Term value of r as this package uses it: the UTS #58
// value, except that the bidi formatting characters are Hard and so are
// the sentinels.
func termOf(r rune) linkprop.Term {
	if r < 0 {
		return linkprop.Hard
	}
	if r >= 0x61C && bidiFormat(r) {
		return linkprop.Hard
	}
	return linkprop.TermOf(r)
}

// bidiFormat reports the explicit bidirectional formatting characters:
// ALM, LRM, RLM, LRE..RLO and LRI..PDI.
func bidiFormat(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200E, r == 0x200F:
		return true
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return true
	}
	return false
}

// isWhite reports Unicode White_Space.
func isWhite(r rune) bool {
	if r < 0 {
		return false
	}
	if r < 0x80 {
		return r == ' ' || '\t' <= r && r <= '\r'
	}
	return unicode.Is(unicode.White_Space, r)
}

func isLineBreak(r rune) bool {
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
// rune after it; a host that reaches limit makes it return tryNone.
func (d *det) hostForward(i, limit int, wide bool) (he int, after rune, res outcome) {
	j := i
	seps, sepStart, firstSep := 0, 0, 0
	for {
		r, n, ok := d.at(j)
		if !ok {
			return 0, 0, tryMore
		}
		switch {
		case isSep(r):
			if seps == 0 {
				sepStart, firstSep = j, n
			}
			seps++
		case labelRune(r) || wide && r >= utf8.RuneSelf && termOf(r) == linkprop.Include:
			seps = 0
		default:
			// "_" around a name is not part of it: _example.com_ in
			// Markdown.
			if e := j; d.b[e-1] == '_' {
				for e > i && d.b[e-1] == '_' {
					e--
				}
				return e, '_', tryLink
			}
			if seps >= 2 {
				he = sepStart + firstSep
				after, _, _ = d.at(he)
				return he, after, tryLink
			}
			return j, r, tryLink
		}
		j += n
		if j > limit {
			d.oversize = true
			return 0, 0, tryNone
		}
	}
}

// tryDomain looks at the separator of sz bytes at b[t].
func (d *det) tryDomain(t, sz int) (outcome, int) {
	lo := d.lower(t)
	if r, _ := d.before(t, lo); !labelRune(r) {
		return tryNone, t + sz
	}
	r, _, ok := d.at(t + sz)
	if !ok {
		return tryMore, t
	}
	if !labelRune(r) {
		return tryNone, t + sz
	}
	hs := t
	for {
		r, n := d.before(hs, lo)
		if !labelRune(r) && !isSep(r) {
			break
		}
		hs -= n
	}
	d.start = hs
	if hs == lo && lo > d.floor {
		d.oversize = true // a host name longer than MaxLen
		return d.skipFrom(t)
	}
	for hs < t && d.b[hs] == '_' {
		hs++
	}
	he, after, res := d.hostForward(t+sz, hs+MaxLen, false)
	switch res {
	case tryMore:
		return tryMore, t
	case tryNone:
		return d.skipFrom(t)
	}
	ls, le, labels, valid := checkHost(d.b[hs:he])
	if !valid || labels < 2 || !isTLD(d.b[hs+ls:hs+le]) {
		return tryNone, he
	}
	tldEnd := hs + le
	// The domain of an address ends the address, whatever follows it: in
	// alice@example.org|bob@example.org the "|bob" that follows starts the
	// local part of the next address (UTS #58 starts each scan after the
	// last link), it does not make "example.org|bob" a local part.
	if r, _ := d.before(hs, lo); r == '@' {
		return d.tryEmail(t, hs-1, tldEnd, he)
	}
	// A name followed by "@", or by more local-part characters and "@",
	// is (part of) the local part of an address.
	switch d.atAhead(he, hs+MaxLen) {
	case tryMore:
		return tryMore, t
	case tryLink:
		return tryNone, he
	}
	return d.tryBare(t, hs, he, tldEnd, after)
}

// atAhead reports (tryLink) whether the local-part characters from
// b[i] on (other than "/", "?" and "#", which start a path) lead to an "@"
// before limit. It uses and extends the run cached in state.
func (d *det) atAhead(i, limit int) outcome {
	st := d
	abs := d.base + int64(i)
	j := i
	if st.runFrom <= abs && abs <= st.runTo {
		if st.runStop {
			return tryNone
		}
		j = int(st.runTo - d.base)
	} else {
		st.runFrom, st.runTo, st.runStop = abs, abs, false
	}
	for {
		r, n, ok := d.at(j)
		if !ok {
			st.runTo = d.base + int64(j)
			return tryMore
		}
		if r == '@' {
			st.runTo = d.base + int64(j)
			return tryLink
		}
		if r < 0 || r == '/' || r == '?' || r == '#' || !linkprop.IsEmail(r) {
			st.runTo, st.runStop = d.base+int64(j), true
			return tryNone
		}
		if j >= limit {
			st.runTo = d.base + int64(j)
			return tryNone
		}
		j += n
	}
}

// tryEmail finishes an address whose domain name ends at he (tldEnd without
// a trailing separator) and whose "@" is at b[at].
func (d *det) tryEmail(t, at, tldEnd, he int) (outcome, int) {
	lo := d.lower(t)
	ls := at
	for {
		r, n := d.before(ls, lo)
		if r < 0 || !linkprop.IsEmail(r) {
			break
		}
		ls -= n
	}
	d.start = ls
	if ls == lo && lo > d.floor {
		d.oversize = true // a local part longer than MaxLen
		return d.reject(he)
	}
	// Brackets and quotation marks before an address are not part of it:
	// {joe@example.com}, 'joe@example.com'. (A leading "." is, and makes
	// the address invalid, as UTS #58 wants.)
	for ls < at {
		r, n, _ := d.at(ls)
		if tm := termOf(r); r == '.' || tm != linkprop.Open && tm != linkprop.Soft {
			break
		}
		ls += n
	}
	local := d.b[ls:at]
	if !localOK(local) {
		return d.reject(he)
	}
	if len(local) >= 2 && local[0] == '/' && local[1] == '/' {
		if r, _ := d.before(ls, lo); r == ':' {
			return d.reject(he) // the user name of a URL
		}
	}
	d.start, d.scheme = ls, ""
	plo := d.prefixLower(t)
	if hasSuffixFold(d.b[plo:ls], "mailto:") {
		d.start, d.scheme = ls-len("mailto:"), "mailto"
	} else if hasSuffixFold(d.b[plo:ls], "xmpp:") {
		d.start, d.scheme = ls-len("xmpp:"), "xmpp"
	}
	d.end = tldEnd
	if d.scheme != "" && tldEnd == he {
		r, _, ok := d.at(he)
		if !ok {
			return tryMore, t
		}
		if r == '?' {
			e, res := d.scanPQF(he, d.start)
			switch res {
			case tryMore:
				return tryMore, t
			case tryNone:
				return d.skipFrom(t)
			}
			d.end = e
		}
	}
	d.email = d.scheme != "xmpp"
	return d.finish(t)
}

// localOK checks a local part as UTS #58 does: not empty, and no "."
// first, last or twice in a row.
func localOK(b []byte) bool {
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
func (d *det) tryAddress(t, ws int, s schemeInfo) (outcome, int) {
	limit := ws + MaxLen
	j := t + 1
	for {
		r, n, ok := d.at(j)
		if !ok {
			return tryMore, t
		}
		if r == '@' {
			break
		}
		if r < 0 || !linkprop.IsEmail(r) {
			return tryNone, t + 1
		}
		if j+n > limit {
			d.oversize = true
			return d.skipFrom(t)
		}
		j += n
	}
	local := d.b[t+1 : j]
	if !localOK(local) || local[0] == '/' {
		return tryNone, t + 1
	}
	he, _, res := d.hostForward(j+1, limit, false)
	switch res {
	case tryMore:
		return tryMore, t
	case tryNone:
		if d.oversize {
			return d.skipFrom(t)
		}
		return tryNone, t + 1
	}
	_, le, _, valid := checkHost(d.b[j+1 : he])
	if !valid || !hostNumberOK(d.b[j+1:he], le) {
		return tryNone, t + 1
	}
	end := j + 1 + le
	if end == he {
		r, _, ok := d.at(he)
		if !ok {
			return tryMore, t
		}
		if r == '?' {
			e, res := d.scanPQF(he, ws)
			switch res {
			case tryMore:
				return tryMore, t
			case tryNone:
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
func (d *det) tryBare(t, hs, he, tldEnd int, after rune) (outcome, int) {
	d.start, d.scheme, d.email = hs, "", false
	plo := d.prefixLower(t)
	if r, _ := d.before(hs, plo); r == ':' {
		ws := hs - 1
		for ws > plo && hs-1-ws < 12 && isLetter(d.b[ws-1]) {
			ws--
		}
		switch s := lookupScheme(d.b[ws : hs-1]); s.kind {
		case schemeForbidden:
			return d.skipFrom(hs)
		case schemeAddress:
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
			case tryMore:
				return tryMore, t
			case tryNone:
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
				return tryMore, t
			}
			if r < '0' || r > '9' {
				break
			}
			if j-he > 5 {
				return tryNone, he // more than five digits: not a port
			}
			v = v*10 + int(r-'0')
			j++
		}
		if j > he+1 {
			if v > 0xFFFF {
				return tryNone, he
			}
			end = j
		}
	}
	r, _, ok := d.at(end)
	if !ok {
		return tryMore, t
	}
	if r == '/' || r == '?' || r == '#' {
		e, res := d.scanPQF(end, d.start)
		switch res {
		case tryMore:
			return tryMore, t
		case tryNone:
			return d.skipFrom(t)
		}
		end = e
	}
	d.end = end
	return d.finish(t)
}

const (
	partPath = iota
	partQuery
	partFragment
)

// scanPQF scans a path, query and fragment from b[i] (usually their "/",
// "?" or "#") with the Link_Term and Link_Bracket rules of UTS #58, and
// returns where the link ends. The link starts at b[start]; a link longer
// than MaxLen makes scanPQF return tryNone, and so does one
// whose end is not decided within margin bytes after that (a long run
// of Soft characters).
func (d *det) scanPQF(i, start int) (int, outcome) {
	limit := start + MaxLen
	last := i
	part := partPath
	var stack [maxDepth]rune
	depth := 0
	for j := i; ; {
		r, n, ok := d.at(j)
		if !ok {
			return 0, tryMore
		}
		switch {
		case r == '?' && part == partPath:
			part, depth = partQuery, 0
		case r == '#' && part != partFragment:
			part, depth = partFragment, 0
		case r == '/' && part == partPath, (r == '=' || r == '&') && part == partQuery:
			depth = 0
		case r == ':' && part == partFragment:
			has, ok := d.hasAt(j, ":~:")
			if !ok {
				return 0, tryMore
			}
			if has {
				depth = 0
			}
		}
		tm := termOf(r)
		if r == '<' || sentenceEnd(r) {
			tm = linkprop.Hard
		}
		switch tm {
		case linkprop.Hard:
			return last, tryLink
		case linkprop.Open:
			if depth == len(stack) {
				return last, tryLink
			}
		case linkprop.Close:
			if depth == 0 {
				return last, tryLink
			}
			if o, _ := linkprop.Bracket(r); o != stack[depth-1] {
				return last, tryLink
			}
		}
		if j+n > limit && (tm != linkprop.Soft || j+n > limit+margin) {
			d.oversize = true
			return 0, tryNone
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

// sentenceEnd reports the CJK sentence punctuation that ends a path,
// query or fragment, where UTS #58 makes it Soft (part of the link when
// more follows): the ideographic full stop and comma and their halfwidth
// forms. In https://例子.测试/路径。谢谢 the
// "。" ends a sentence, as in prose it nearly always does; a URL that
// means one writes it percent-encoded (UTS #58's own formatting does).
func sentenceEnd(r rune) bool {
	switch r {
	case 0x3001, 0x3002, 0xFF61, 0xFF64:
		return true
	}
	return false
}

// tryScheme looks at the ":" at b[t].
func (d *det) tryScheme(t int) (outcome, int) {
	lo := d.lower(t)
	ws := t
	for ws > lo && t-ws < 12 && isLetter(d.b[ws-1]) {
		ws--
	}
	if ws == t || ws > lo && isAlnum(d.b[ws-1]) {
		return tryNone, t + 1
	}
	d.start = ws
	s := lookupScheme(d.b[ws:t])
	switch s.kind {
	case schemeUnknown, schemeForbidden:
		slashes, ok := d.hasAt(t+1, "//")
		if !ok {
			return tryMore, t
		}
		if slashes {
			return d.skipFrom(t)
		}
		return tryNone, t + 1
	case schemeHier:
		slashes, ok := d.hasAt(t+1, "//")
		if !ok {
			return tryMore, t
		}
		if !slashes {
			return tryNone, t + 1
		}
		return d.tryHier(t, ws, s.name)
	case schemePhone, schemeMagnet, schemeNews:
		return d.tryOpaque(t, ws, s)
	case schemeAddress:
		return d.tryAddress(t, ws, s)
	}
	return tryNone, t + 1
}

// tryHier reads the authority, path, query and fragment of a URL whose scheme
// is b[ws:t] and whose "//" follows b[t].
func (d *det) tryHier(t, ws int, scheme string) (outcome, int) {
	a := t + 3
	limit := ws + MaxLen
	r, _, ok := d.at(a)
	if !ok {
		return tryMore, t
	}
	he := a
	sep := 0 // size of a trailing separator of the host
	if r == '[' {
		j := a + 1
		for {
			r, _, ok := d.at(j)
			if !ok {
				return tryMore, t
			}
			if r == ']' {
				break
			}
			if !ipv6Byte(r) || j-a > 64 {
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
		var res outcome
		he, _, res = d.hostForward(a, limit, true)
		switch res {
		case tryMore:
			return tryMore, t
		case tryNone:
			return d.skipFrom(t)
		}
		if he == a {
			return d.skipFrom(t)
		}
		_, le, _, valid := checkHost(d.b[a:he])
		if !valid || !hostNumberOK(d.b[a:he], le) {
			return d.skipFrom(t)
		}
		sep = he - (a + le)
	}
	end := he
	r, _, ok = d.at(he)
	if !ok {
		return tryMore, t
	}
	switch r {
	case '@':
		return d.skipFrom(t) // a user name: not linked
	case ':':
		j, v := he+1, 0
		for {
			r, _, ok := d.at(j)
			if !ok {
				return tryMore, t
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
					return tryMore, t
				}
				if r == '@' {
					return d.skipFrom(t)
				}
				if r == '/' || r == '?' || r == '#' || termOf(r) == linkprop.Hard || k+n > limit {
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
			return tryMore, t
		}
		if r == '@' {
			return d.skipFrom(t)
		}
		end = j
	}
	r, _, ok = d.at(end)
	if !ok {
		return tryMore, t
	}
	if r == '/' || r == '?' || r == '#' {
		e, res := d.scanPQF(end, ws)
		switch res {
		case tryMore:
			return tryMore, t
		case tryNone:
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
func (d *det) tryOpaque(t, ws int, s schemeInfo) (outcome, int) {
	r, _, ok := d.at(t + 1)
	if !ok {
		return tryMore, t
	}
	switch s.kind {
	case schemePhone:
		if r != '+' && (r < '0' || r > '9') {
			return tryNone, t + 1
		}
	case schemeMagnet:
		if r != '?' {
			return tryNone, t + 1
		}
	}
	e, res := d.scanPQF(t+1, ws)
	switch res {
	case tryMore:
		return tryMore, t
	case tryNone:
		return d.skipFrom(t)
	}
	body := d.b[t+1 : e]
	switch s.kind {
	case schemePhone:
		if !isPhone(body, s.name == "sms") {
			return tryNone, t + 1
		}
	case schemeMagnet:
		if len(body) < 2 {
			return tryNone, t + 1
		}
	case schemeNews:
		if len(body) == 0 {
			return tryNone, t + 1
		}
	}
	d.start, d.end, d.scheme, d.email = ws, e, s.name, false
	return d.finish(t)
}

// isPhone checks the body of a tel: or sms: URI up to its query (which
// only sms may have): "+" or a digit first, at least three digits, and
// otherwise only visual separators, "*", "#", parameters and
// percent-encoding.
func isPhone(b []byte, query bool) bool {
	digits := 0
	for i, c := range b {
		switch {
		case '0' <= c && c <= '9':
			digits++
		case c == '?' && query && i > 0:
			return digits >= 3
		case c == '+' || c == '-' || c == '.' || c == '(' || c == ')' || c == '*' ||
			c == '#' || c == ';' || c == '=' || c == ',' || c == '%' || isLetter(c):
		default:
			return false
		}
	}
	return digits >= 3
}

func ipv6Byte(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F' || r == ':' || r == '.'
}

// finish applies the angle-bracket rule of RFC 3986 appendix C to the link
// b[d.start:d.end] found at trigger t.
func (d *det) finish(t int) (outcome, int) {
	d.wrapped = false
	plo := d.prefixLower(t)
	s := d.start
	if !d.email {
		d.trimMarkup(plo)
	}
	if s-1 >= plo {
		d.closeQuote(d.b[s-1])
	}
	switch {
	case s-1 >= plo && d.b[s-1] == '<':
	case s-5 >= plo && hasSuffixFold(d.b[s-5:s], "<URL:"):
	case s-6 >= plo && hasSuffixFold(d.b[s-6:s], "<URL: "):
	default:
		return tryLink, d.end
	}
	j := d.end
	ws, nl, saw := false, false, false
	for {
		r, n, ok := d.at(j)
		if !ok {
			return tryMore, t
		}
		if r == '>' {
			break
		}
		if r == runeEnd || r == '<' || j+n > s+MaxLen {
			return tryLink, d.end
		}
		if isWhite(r) {
			ws, saw = true, true
			nl = nl || isLineBreak(r)
		} else if termOf(r) == linkprop.Hard {
			return tryLink, d.end
		} else {
			if ws && !nl {
				return tryLink, d.end
			}
			ws, nl = false, false
		}
		j += n
	}
	if ws && !nl {
		return tryLink, d.end
	}
	d.end, d.wrapped = j, saw
	return tryLink, d.end
}

// trimMarkup leaves out of the link b[d.start:d.end] the end that belongs
// to the markup of the text around it rather than to the link:
//
//   - AsciiDoc link text: a link whose path ends in "[text]", the "["
//     right after an ASCII letter or digit, "/" or "-" and the only
//     "[" of the link, ends before the "[" (https://x.org/a[text] is the
//     link https://x.org/a with the text "text"); so does one whose path
//     ends in such a "[" and text not closed, which white space cut off
//     (https://x.org/a[some text]). A "[" after "_" (a
//     space in a wiki title, /wiki/Blur_[band]), and one in a query or
//     fragment (?a[0]=1), is part of the link, as UTS #58 has it.
//   - Emphasis: a link preceded by a run of one to three "*", "_" or "~"
//     and ending with as many of the same character ends before them
//     (**https://example.com/bold** is the link https://example.com/bold).
func (d *det) trimMarkup(plo int) {
	b := d.b[d.start:d.end]
	if n := len(b); n > 2 && b[n-1] == ']' {
		open := bytes.LastIndexByte(b, '[')
		if open > 0 && bytes.Count(b, []byte("[")) == 1 && bytes.IndexByte(b[open+1:n-1], ']') < 0 && bytes.IndexAny(b[:open], "?#") < 0 && d.asciidocAt(b, open) {
			d.end = d.start + open
			return
		}
	} else if open := bytes.IndexByte(b, '['); open > 0 && bytes.IndexByte(b, ']') < 0 &&
		bytes.Count(b, []byte("[")) == 1 && bytes.IndexAny(b[:open], "?#") < 0 && d.asciidocAt(b, open) {
		// [text with spaces]: the link stops at the space.
		d.end = d.start + open
		return
	}
	d.trimEmphasis(plo)
}

// asciidocAt reports whether the "[" at b[open] of a link b may open
// AsciiDoc link text: it is in the path, right after an ASCII letter or
// digit, "/" or "-" (none of them Soft, so the link keeps its last
// character).
func (d *det) asciidocAt(b []byte, open int) bool {
	auth := 0
	if i := bytes.Index(b[:open], []byte("//")); i >= 0 {
		auth = i + 2 // a "//" after the "[" is no authority's
	}
	c := b[open-1]
	return bytes.IndexByte(b[auth:open], '/') >= 0 && (isAlnum(c) || c == '/' || c == '-')
}

// trimEmphasis applies trimMarkup's emphasis rule.
func (d *det) trimEmphasis(plo int) {
	b := d.b[d.start:d.end]
	if d.start <= plo {
		return
	}
	c := d.b[d.start-1]
	if c != '*' && c != '_' && c != '~' {
		return
	}
	k := 1
	for k < 3 && d.start-k-1 >= plo && d.b[d.start-k-1] == c {
		k++
	}
	n := len(b)
	if n > k && bytes.Count(b[n-k:], []byte{c}) == k {
		end := d.end - k
		for end > d.start {
			r, sz := utf8.DecodeLastRune(d.b[d.start:end])
			if termOf(r) != linkprop.Soft {
				break
			}
			end -= sz
		}
		if end > d.start {
			d.end = end
		}
	}
}

// closeQuote ends the link at the quote that closes the quote q written
// just before it: in "https://a/","https://b/" (JSON, code, HTML written
// as text) and `https://e.org/a` (a Markdown code span) the quote is the
// link's delimiter, as RFC 3986 appendix C has the double quote, and not
// the part of the link that UTS #58 would make it when more follows.
// Trailing Soft characters before that quote are left out as at any end.
// The single quote is not one: it is an apostrophe as often as a quote
// ('http://foo.com/bar'more is one link for xurls).
func (d *det) closeQuote(q byte) {
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
		if termOf(r) != linkprop.Soft {
			break
		}
		end -= n
	}
	if end > d.start {
		d.end = end
	}
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isAlnum(c byte) bool { return isLetter(c) || '0' <= c && c <= '9' }

// hasSuffixFold reports whether b ends with s, ignoring ASCII case; s is
// lower case or punctuation.
func hasSuffixFold(b []byte, s string) bool {
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
