package htmltok

import (
	"bytes"
	"os"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"
)

var unescapeCases = []struct {
	in, attr, text string
}{
	{"", "", ""},
	{"plain", "plain", "plain"},
	{"&amp;", "&", "&"},
	{"&amp", "&", "&"},
	{"&AMP;", "&", "&"},
	{"a&ampb", "a&ampb", "a&b"},
	{"?a=1&copy=2", "?a=1&copy=2", "?a=1©=2"},
	{"&amp-", "&-", "&-"},
	{"&amp;x", "&x", "&x"},
	{"&notit;", "&notit;", "¬it;"},
	{"&notin;", "∉", "∉"},
	{"&NotEqualTilde;", "\u2242\u0338", "\u2242\u0338"},
	{"&eacute&eacute;", "éé", "éé"},
	{"&nosuch;", "&nosuch;", "&nosuch;"},
	{"&;", "&;", "&;"},
	{"&", "&", "&"},
	{"&#65;&#x42&#X43;", "ABC", "ABC"},
	{"&#;&#x;&#xg", "&#;&#x;&#xg", "&#;&#x;&#xg"},
	{"&#x80;&#x81;&#x9F;&#150;", "€\u0081Ÿ–", "€\u0081Ÿ–"},
	{"&#0;&#xD800;&#1114112;&#99999999999999999999;", "\uFFFD\uFFFD\uFFFD\uFFFD", "\uFFFD\uFFFD\uFFFD\uFFFD"},
	{"&#x10FFFF;", "\U0010FFFF", "\U0010FFFF"},
	{"a\r\nb\rc\n", "a\nb\nc\n", "a\nb\nc\n"},
	{"a\x00b", "a\uFFFDb", "a\x00b"},
	{"\xff&lt;\xfe", "\xff<\xfe", "\xff<\xfe"},
}

func TestUnescape(t *testing.T) {
	for _, c := range unescapeCases {
		for _, attr := range []bool{true, false} {
			f, want := UnescapeText, c.text
			if attr {
				f, want = UnescapeAttr, c.attr
			}
			var offs []int32
			got := f([]byte("prefix:"), []byte(c.in), &offs)
			if string(got) != "prefix:"+want {
				t.Errorf("attr %v: %q = %q, want %q", attr, c.in, got[7:], want)
			}
			checkOffsets(t, []byte(c.in), got[7:], offs)
		}
	}
}

// checkOffsets checks the offsets UnescapeAttr and UnescapeText record:
// one per output byte, non-decreasing, and a byte copied as is points at
// itself.
func checkOffsets(t *testing.T, raw, out []byte, offs []int32) {
	t.Helper()
	if len(offs) != len(out) {
		t.Fatalf("%q: %d offsets for %d bytes", raw, len(offs), len(out))
	}
	for i, o := range offs {
		if o < 0 || int(o) >= len(raw) || i > 0 && o < offs[i-1] {
			t.Fatalf("%q: bad offset %d at %d: %v", raw, o, i, offs)
		}
		if c := raw[o]; c != '&' && c != '\r' && c != 0 && c != out[i] {
			t.Fatalf("%q: output byte %d %q maps to raw %q", raw, i, out[i], c)
		}
	}
}

func TestUnescapeAllocs(t *testing.T) {
	raw := []byte("https://example.com/a?b=c&amp;d=&eacute;&#x41;")
	dst := make([]byte, 0, 100)
	offs := make([]int32, 0, 100)
	if n := testing.AllocsPerRun(100, func() {
		o := offs[:0]
		UnescapeAttr(dst[:0], raw, &o)
	}); n != 0 {
		t.Errorf("UnescapeAttr allocates %v times", n)
	}
}

// TestTokenizerAllocs checks that the tokenizer allocates nothing per
// token once its buffers have grown, over the sample pages and in small
// chunks.
func TestTokenizerAllocs(t *testing.T) {
	var data []byte
	for _, p := range samplePages(t) {
		d, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, d...)
	}
	z := New()
	run := func(chunk int) {
		z.Reset()
		lo, hi := 0, min(chunk, len(data))
		for {
			tok, n, err := z.Next(data[lo:hi], hi == len(data))
			lo += n
			if err != nil {
				return
			}
			if tok == nil || lo == hi {
				hi = min(hi+chunk, len(data))
			}
		}
	}
	for _, chunk := range []int{len(data), 4096, 7} {
		run(chunk)
		if n := testing.AllocsPerRun(3, func() { run(chunk) }); n != 0 {
			t.Errorf("chunk %d: %v allocations per pass over %d bytes", chunk, n, len(data))
		}
	}
}

// FuzzUnescape compares UnescapeText with the text of x/net/html's
// tokenizer, and UnescapeAttr with its attribute values. (The standard
// library's html.UnescapeString is no oracle: it decodes "&#x;" as
// U+FFFD.)
func FuzzUnescape(f *testing.F) {
	for _, c := range unescapeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var offs []int32
		out := UnescapeText(nil, []byte(s), &offs)
		checkOffsets(t, []byte(s), out, offs)
		// x/net/html's text, with no markup in it.
		txt := strings.ReplaceAll(s, "<", "")
		offs = offs[:0]
		out = UnescapeText(nil, []byte(txt), &offs)
		var want []byte
		for z := xhtml.NewTokenizer(strings.NewReader(txt)); z.Next() != xhtml.ErrorToken; {
			want = append(want, z.Text()...)
		}
		if !bytes.Equal(out, want) {
			t.Errorf("UnescapeText(%q) = %q, x/net/html gives %q", txt, out, want)
		}
		v := strings.ReplaceAll(s, `"`, "")
		offs = offs[:0]
		out = UnescapeAttr(nil, []byte(v), &offs)
		checkOffsets(t, []byte(v), out, offs)
		z := xhtml.NewTokenizer(strings.NewReader(`<a x="` + v + `">`))
		z.Next()
		_, want, _ = z.TagAttr()
		if !bytes.Equal(out, want) {
			t.Errorf("UnescapeAttr(%q) = %q, x/net/html gives %q", v, out, want)
		}
	})
}
