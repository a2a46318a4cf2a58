package charset

// A Head holds the first bytes of a document as they stream in, until
// they decide its charset as Detect would decide it on them:
//
//   - for CSS, the first PrescanLimit bytes;
//   - for Text, the first PrescanLimit bytes, or DetectLimit when the
//     charset may be guessed (Guesses);
//   - for HTML, the first PrescanLimit bytes; then, when they leave the
//     charset tentative (no byte order mark, hint or UTF-16 XML
//     declaration decides it), the bytes up to where a late <meta> is
//     found or can no longer be (at most HeadLimit); then, when nothing
//     declared the charset and it may be guessed, at least DetectLimit
//     bytes.
//
// A shorter document is held whole. Init readies a Head for a kind of
// document and the caller's hint and fallback (see Detect), before the
// first document; Reset readies it for the next.
type Head struct {
	kind           Kind
	hint, fallback string
	guess          bool // the charset may be guessed (Guesses)
	limit          int  // for Text and CSS: how many bytes decide

	buf  []byte  // the bytes held
	cs   Charset // the charset, once decided (HTML: tentative before)
	done bool    // cs is decided
	late bool    // HTML: the first bytes left cs tentative: scan decides
	scan metaScanner
}

// Init readies h for documents of kind k with these hint and fallback, as
// Detect takes them.
func (h *Head) Init(k Kind, hint, fallback string) {
	h.kind, h.hint, h.fallback = k, hint, fallback
	h.guess = k != CSS && Guesses(hint, fallback)
	h.limit = PrescanLimit
	if k == Text && h.guess {
		h.limit = DetectLimit
	}
	h.Reset()
}

// Reset readies h for a new document, keeping its buffer.
func (h *Head) Reset() {
	h.buf, h.cs, h.done, h.late = h.buf[:0], Charset{}, false, false
}

// Done reports whether the charset is decided.
func (h *Head) Done() bool { return h.done }

// Charset returns the charset once it is decided. Before, it is the zero
// Charset; for HTML, what the first PrescanLimit bytes said while a later
// <meta> may still change it.
func (h *Head) Charset() Charset { return h.cs }

// Bytes returns the bytes held: the document's first bytes, all of which
// decided its charset once Done. They are valid until Reset.
func (h *Head) Bytes() []byte { return h.buf }

// Room returns how many more bytes h takes in the state it is in: a
// Feed of no more than that many leaves no rest. It is 0 once Done.
func (h *Head) Room() int {
	if h.done {
		return 0
	}
	return h.holdLimit() - len(h.buf)
}

// Feed holds the bytes of b that the decision needs, and reports the rest
// of b and whether the charset is now decided. atEOF reports that b ends
// the document. Once decided, Feed holds nothing more.
func (h *Head) Feed(b []byte, atEOF bool) (rest []byte, done bool) {
	if h.done {
		return b, true
	}
	if h.kind != HTML {
		take := min(len(b), h.limit-len(h.buf))
		h.buf = append(h.buf, b[:take]...)
		if b = b[take:]; len(h.buf) < h.limit && !atEOF {
			return b, false
		}
		h.cs, h.done = Detect(h.kind, h.buf, h.hint, h.fallback), true
		return b, true
	}
	if !h.late {
		take := min(len(b), PrescanLimit-len(h.buf))
		h.buf = append(h.buf, b[:take]...)
		if b = b[take:]; len(h.buf) < PrescanLimit && !atEOF {
			return b, false
		}
		var tentative bool
		h.cs, tentative = detectFirst(h.buf, h.hint)
		if !tentative {
			h.done = true
			return b, true
		}
		h.late = true
		h.scan.reset()
		h.scan.scan(h.buf, atEOF && len(b) == 0)
	}
	for !h.decided(atEOF && len(b) == 0) {
		if len(b) == 0 && !atEOF {
			return b, false
		}
		take := min(len(b), h.holdLimit()-len(h.buf))
		h.buf = append(h.buf, b[:take]...)
		if !h.scan.done {
			// At the end of the document the scan ends too.
			h.scan.scan(b[:take], atEOF && take == len(b))
		}
		b = b[take:]
	}
	h.cs, h.done = decideLate(h.cs, &h.scan, h.buf, h.fallback), true
	return b, true
}

// holdLimit returns how many bytes h may hold in the state it is in.
func (h *Head) holdLimit() int {
	switch {
	case h.kind != HTML:
		return h.limit
	case !h.late:
		return PrescanLimit
	case !h.scan.done:
		return HeadLimit
	}
	return DetectLimit
}

// decided reports whether the bytes held decide an HTML document's
// charset, once the first ones left it tentative; atEnd reports that they
// are the whole document.
func (h *Head) decided(atEnd bool) bool {
	return h.scan.done && (h.scan.name != "" || h.cs.Name != "" || !h.guess ||
		len(h.buf) >= DetectLimit || atEnd)
}
