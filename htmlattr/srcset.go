package htmlattr

import "strconv"

// A Candidate is one image candidate of a srcset attribute (or of
// imagesrcset, or of a lazy-loading data-srcset): a URL and the descriptors
// that follow it.
//
// The spans are byte offsets into the parsed value: URL is
// v[Start:End] and Descriptors is v[Desc.Start:Desc.End]. Replacing each
// candidate's URL span by another URL, and touching nothing else, gives a
// value that parses into the same candidates with the new URLs, provided
// the new URLs contain no ASCII whitespace and neither start nor end with
// a comma (percent-encode them: a URL serializer does).
type Candidate struct {
	URL  string // the URL, without the commas that end it
	Span        // of URL: v[Start:End] == URL

	// Descriptors is the descriptor text as written: from the first
	// character of the first descriptor to the last character of the last
	// one, with the whitespace between them, such as "1.5x" or "100w 50h".
	// It is empty, with Desc.Start == Desc.End == End, when there is none.
	Descriptors string
	Desc        Span // v[Desc.Start:Desc.End] == Descriptors

	// Ignored reports that a browser drops this candidate because the
	// descriptor parser of the standard finds an error in its descriptors:
	// an unknown descriptor ("foo", "1X", "+1w"), a zero width or height,
	// a negative density, two descriptors of one kind, a width with a
	// density, or a height without a width. A link rewriter should still
	// rewrite the URL; a crawler may skip it.
	Ignored bool
}

// ParseSrcset parses a srcset attribute value as the WHATWG HTML standard's
// "parse a srcset attribute" algorithm does, and returns its candidates in
// order, including those a browser ignores (see Candidate.Ignored).
//
// As the standard says, a URL is a run of characters other than ASCII
// whitespace, so a comma inside it does not end it: in
// "data:image/png;base64,iVBO= 1x, b.png 2x" the first URL runs to the
// "=". Only the commas at the end of the run are separators. A candidate
// whose URL is followed by whitespace runs to the next comma outside
// parentheses; "a.png, b.png" is two candidates but "a.png,b.png" is one
// URL.
func ParseSrcset(v string) []Candidate {
	return AppendSrcset(nil, v)
}

// AppendSrcset is ParseSrcset that appends the candidates to dst and
// returns the extended slice, so that a caller can reuse one slice and
// parse without allocating.
func AppendSrcset(dst []Candidate, v string) []Candidate {
	n := len(v)
	pos := 0
	for {
		// Splitting loop.
		for pos < n && (isASCIIWhitespace(v[pos]) || v[pos] == ',') {
			pos++
		}
		if pos == n {
			return dst
		}
		start := pos
		for pos < n && !isASCIIWhitespace(v[pos]) {
			pos++
		}
		end := pos
		c := Candidate{Span: Span{Start: start}}
		if v[end-1] == ',' {
			for end > start && v[end-1] == ',' {
				end--
			}
			c.End, c.URL = end, v[start:end]
			c.Desc = Span{end, end}
			// No descriptors, so no error: a URL that is nothing but commas
			// cannot happen here, since the splitting loop ate them.
			dst = append(dst, c)
			continue
		}
		c.End, c.URL = end, v[start:end]
		c.Desc = Span{end, end}
		var d descriptorParser
		pos = tokenizeDescriptors(v, pos, &c, &d)
		if c.Desc.Start != c.Desc.End {
			c.Descriptors = v[c.Desc.Start:c.Desc.End]
		}
		c.Ignored = d.err || (d.height && !d.width)
		dst = append(dst, c)
	}
}

// tokenizeDescriptors runs the descriptor tokenizer from pos, feeding each
// descriptor to d and recording the descriptors' span in c, and returns the
// position after the candidate (after its comma, if any).
func tokenizeDescriptors(v string, pos int, c *Candidate, d *descriptorParser) int {
	const (
		inDescriptor = iota
		inParens
		afterDescriptor
	)
	n := len(v)
	for pos < n && isASCIIWhitespace(v[pos]) {
		pos++
	}
	cur := -1 // start of the current descriptor, or -1 while it is empty
	emit := func(end int) {
		if c.Desc.Start == c.Desc.End {
			c.Desc.Start = cur
		}
		c.Desc.End = end
		d.add(v[cur:end])
		cur = -1
	}
	state := inDescriptor
	for ; ; pos++ {
		if pos == n {
			if cur >= 0 {
				emit(n)
			}
			return n
		}
		b := v[pos]
		switch state {
		case inDescriptor:
			switch {
			case isASCIIWhitespace(b):
				if cur >= 0 {
					emit(pos)
					state = afterDescriptor
				}
			case b == ',':
				if cur >= 0 {
					emit(pos)
				}
				return pos + 1
			default:
				if cur < 0 {
					cur = pos
				}
				if b == '(' {
					state = inParens
				}
			}
		case inParens:
			if b == ')' {
				state = inDescriptor
			}
		case afterDescriptor:
			if !isASCIIWhitespace(b) {
				state = inDescriptor
				pos-- // reconsume
			}
		}
	}
}

// descriptorParser is the state of the standard's descriptor parser: which
// descriptors were seen and whether there was an error.
type descriptorParser struct {
	width, density, height, err bool
}

func (d *descriptorParser) add(desc string) {
	num, unit := desc[:len(desc)-1], desc[len(desc)-1]
	switch {
	case unit == 'w' && isNonNegativeInteger(num):
		if d.width || d.density || isZeroInteger(num) {
			d.err = true
		}
		d.width = true
	case unit == 'x' && isFloatingPoint(num):
		if d.width || d.density || d.height {
			d.err = true
		}
		// A valid floating-point number is negative only if it has a minus
		// sign and does not round to zero; it is an error too if it
		// overflows (the rules return an error for ±2^1024).
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || f < 0 {
			d.err = true
		}
		d.density = true
	case unit == 'h' && isNonNegativeInteger(num):
		if d.height || d.density || isZeroInteger(num) {
			d.err = true
		}
		d.height = true
	default:
		d.err = true
	}
}

// isNonNegativeInteger reports whether s is a valid non-negative integer:
// one or more ASCII digits.
func isNonNegativeInteger(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDecDigit(s[i]) {
			return false
		}
	}
	return true
}

// isZeroInteger reports whether the digits s are all zero.
func isZeroInteger(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '0' {
			return false
		}
	}
	return true
}

// isFloatingPoint reports whether s is a valid floating-point number as
// the HTML standard defines it: an optional "-", digits, an optional "."
// and digits (at least one digit before or after the point, and at least
// one after a point), and an optional exponent: "e" or "E", an optional
// sign and digits.
func isFloatingPoint(s string) bool {
	i, n := 0, len(s)
	if i < n && s[i] == '-' {
		i++
	}
	intStart := i
	for i < n && isDecDigit(s[i]) {
		i++
	}
	intDigits := i > intStart
	if i < n && s[i] == '.' {
		i++
		fracStart := i
		for i < n && isDecDigit(s[i]) {
			i++
		}
		if i == fracStart {
			return false
		}
	} else if !intDigits {
		return false
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < n && (s[i] == '-' || s[i] == '+') {
			i++
		}
		expStart := i
		for i < n && isDecDigit(s[i]) {
			i++
		}
		if i == expStart {
			return false
		}
	}
	return i == n
}
