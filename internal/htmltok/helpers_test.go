package htmltok

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// tk is a copy of a Token that outlives the call, for comparisons.
type tk struct {
	Type    TokenType
	Raw     string
	Offset  int64
	Name    string
	Attrs   []at
	Data    string
	RawText RawText
	Foreign bool
}

type at struct {
	Name, Val       string
	NameOff, ValOff int
	Quote           byte
	Dup             bool
}

func copyToken(t *Token) tk {
	c := tk{Type: t.Type, Raw: string(t.Raw), Offset: t.Offset, Name: string(t.Name),
		Data: string(t.Data), RawText: t.RawText, Foreign: t.Foreign}
	for _, a := range t.Attrs {
		c.Attrs = append(c.Attrs, at{string(a.Name), string(a.Val), a.NameOff, a.ValOff, a.Quote, a.Dup})
	}
	return c
}

func (t tk) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v@%d %q", t.Type, t.Offset, t.Raw)
	if t.Name != "" {
		fmt.Fprintf(&b, " name=%q", t.Name)
	}
	for _, a := range t.Attrs {
		fmt.Fprintf(&b, " [%q=%q @%d,%d q=%q dup=%v]", a.Name, a.Val, a.NameOff, a.ValOff, a.Quote, a.Dup)
	}
	if t.Data != "" && t.Data != t.Raw {
		fmt.Fprintf(&b, " data=%q", t.Data)
	}
	if t.RawText != NotRaw {
		fmt.Fprintf(&b, " raw=%v", t.RawText)
	}
	if t.Foreign {
		b.WriteString(" foreign")
	}
	return b.String()
}

// tokenize runs z over in, offering it chunk bytes at a time as a caller
// reading from an io.Reader would (unconsumed bytes are offered again,
// followed by the next chunk), and checks the call contract and the
// partition invariant on the way.
func tokenize(t testing.TB, z *Tokenizer, in []byte, chunk int) []tk {
	t.Helper()
	var out []tk
	lo, hi := 0, min(chunk, len(in))
	var got bytes.Buffer
	for calls := 0; ; calls++ {
		if calls > 4*len(in)+100 {
			t.Fatalf("chunk %d: no progress at %d", chunk, lo)
		}
		atEOF := hi == len(in)
		tok, n, err := z.Next(in[lo:hi], atEOF)
		if n < 0 || n > hi-lo {
			t.Fatalf("chunk %d: n = %d out of range [0, %d]", chunk, n, hi-lo)
		}
		lo += n
		if errors.Is(err, io.EOF) {
			if tok != nil || !atEOF || lo != len(in) {
				t.Fatalf("chunk %d: EOF with tok=%v atEOF=%v at %d of %d", chunk, tok, atEOF, lo, len(in))
			}
			break
		}
		if err != nil {
			t.Fatalf("chunk %d: %v", chunk, err)
		}
		if tok == nil {
			if lo != hi {
				t.Fatalf("chunk %d: nil token but %d bytes not consumed", chunk, hi-lo)
			}
			if atEOF {
				t.Fatalf("chunk %d: nil token at EOF", chunk)
			}
		} else {
			if len(tok.Raw) == 0 {
				t.Fatalf("chunk %d: empty token %v", chunk, copyToken(tok))
			}
			if gap := tok.Offset - int64(got.Len()); gap > 0 && (z.skip != 0 || z.tags) {
				// What Next passed over (SkipText, SkipEndTags, SkipStartTags,
				// SkipStartTagsExcept): noted as a Text
				// token of state skipped, for checkSkipped.
				s := in[got.Len():tok.Offset]
				out = append(out, tk{Type: Text, Raw: string(s), Offset: int64(got.Len()), RawText: skipped})
				got.Write(s)
			}
			if tok.Offset != int64(got.Len()) {
				t.Fatalf("chunk %d: token %v at offset %d, want %d", chunk, copyToken(tok), tok.Offset, got.Len())
			}
			got.Write(tok.Raw)
			out = append(out, copyToken(tok))
		}
		// Passed: all that was returned, and at most what was consumed;
		// without skipping, exactly what was returned.
		if p := z.Passed(); p < int64(got.Len()) || p > int64(lo) || z.skip == 0 && !z.tags && p != int64(got.Len()) {
			t.Fatalf("chunk %d: Passed %d with %d bytes returned, %d consumed", chunk, p, got.Len(), lo)
		}
		if tok == nil || lo == hi {
			hi = min(hi+chunk, len(in))
		}
	}
	if !bytes.Equal(got.Bytes(), in) {
		t.Fatalf("chunk %d: tokens' Raw do not partition the input:\n got %q\nwant %q", chunk, got.Bytes(), in)
	}
	return out
}

// merge joins adjacent Text tokens of the same kind and adjacent Oversize
// tokens: the tokens that may be split anywhere.
func merge(ts []tk) []tk {
	var out []tk
	var raw, data []byte // of the last token in out, while it grows
	flush := func() {
		if n := len(out); n > 0 && raw != nil {
			out[n-1].Raw, out[n-1].Data = string(raw), string(data)
		}
		raw, data = nil, nil
	}
	for _, t := range ts {
		if n := len(out); n > 0 {
			p := &out[n-1]
			if t.Type == p.Type && (t.Type == Text && t.RawText == p.RawText && t.Foreign == p.Foreign || t.Type == Oversize) {
				if raw == nil {
					raw, data = []byte(p.Raw), []byte(p.Data)
				}
				raw = append(raw, t.Raw...)
				data = append(data, t.Data...)
				continue
			}
		}
		flush()
		out = append(out, t)
	}
	flush()
	return out
}

func dump(ts []tk) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// skipped is the RawText of the text that tokenize notes where Next
// passed over it.
const skipped RawText = 255

// skipper is a tokenizer's setting of SkipText and SkipEndTags, and
// tells which tokens it may pass over.
type skipper struct {
	text    []RawText // SkipText(r, true) for each
	endTags bool      // SkipEndTags(true, keep...)
	keep    []string
	// startAttr: SkipStartTags keeping "a" and the tags with an
	// attribute of this name; with except, SkipStartTagsExcept does.
	startAttr string
	except    bool
}

func (s skipper) set(z *Tokenizer) {
	for _, r := range s.text {
		z.SkipText(r, true)
	}
	z.SkipEndTags(s.endTags, s.keep...)
	if s.startAttr != "" && s.except {
		z.SkipStartTagsExcept(true, []string{"a"}, []string{s.startAttr})
	} else if s.startAttr != "" {
		z.SkipStartTags(func(t *Token) bool {
			_, ok := t.Attr(s.startAttr)
			return ok || string(t.Name) == "a"
		})
	}
}

func (s skipper) skips(t tk) bool {
	switch t.Type {
	case Text:
		return t.RawText == skipped || slices.Contains(s.text, t.RawText)
	case EndTag:
		return s.endTags && !slices.Contains(s.keep, t.Name)
	case StartTag, SelfClosingTag:
		return s.startAttr != "" && t.Name != "a" && !slices.ContainsFunc(t.Attrs, func(a at) bool { return a.Name == s.startAttr })
	}
	return false
}

// checkSkipped checks the tokens got of a tokenizer set by s against the
// tokens whole of one that passes over nothing: that all it passed over
// is of the tokens s may pass over, and that the other tokens are the
// same. It returns the number of runs of bytes passed over.
func checkSkipped(t testing.TB, got, whole []tk, s skipper) (passed int) {
	t.Helper()
	var may []bool // for each byte of the input, whether s may pass over it
	for _, w := range whole {
		for range len(w.Raw) {
			may = append(may, s.skips(w))
		}
	}
	for _, g := range got {
		if g.RawText != skipped {
			continue
		}
		passed++
		for i := range len(g.Raw) {
			if !may[int(g.Offset)+i] {
				t.Fatalf("passed over %q at %d, which %+v does not skip", g.Raw, g.Offset, s)
			}
		}
	}
	others := func(ts []tk) string {
		var keep []tk
		for _, t := range ts {
			if !s.skips(t) {
				keep = append(keep, t)
			}
		}
		return dump(merge(keep))
	}
	if g, w := others(got), others(whole); g != w {
		t.Fatalf("skipping %+v, the other tokens differ (%d runs passed over):\n%s", s, passed, diffLines(g, w))
	}
	return passed
}
