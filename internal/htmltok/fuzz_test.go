package htmltok

import (
	"bytes"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
)

var fuzzSeeds = []string{
	"",
	"<",
	"</",
	"<!",
	"<!-",
	"<a b=c d='e' f=\"g\" h>x</a>",
	"<svg><![CDATA[x]]><foreignObject><![CDATA[y]]></foreignObject></svg>",
	"<math><mi><![CDATA[x]]></mi><annotation-xml encoding=text/html><![CDATA[y]]></annotation-xml></math>",
	"<script><!--<script>--></script></script>",
	"<script><!--a< <script></script>b</script>c",
	"<title>&amp;</title><textarea>&lt;</textarea><plaintext></plaintext>",
	"<noscript><a href=x></noscript><noembed><a></noembed>",
	"<a href=&amp;&copy=1&#x80;&#0;&#xD800;&#1114112;&notit;>",
	"<a b=c b=d/>",
	"<!DOCTYPE html><!--x--!><?pi><!x></ x></>",
}

func addSeeds(f *testing.F, extra ...any) {
	for _, s := range fuzzSeeds {
		f.Add(append([]any{[]byte(s)}, extra...)...)
	}
	for _, c := range tokCases {
		f.Add(append([]any{[]byte(c.in)}, extra...)...)
	}
}

// FuzzDifferential checks, for any input, that the tokenizer agrees with
// x/net/html modulo the rules of the differential test, and that a random
// chunking gives the same tokens.
func FuzzDifferential(f *testing.F) {
	addSeeds(f, uint16(3))
	f.Fuzz(func(t *testing.T, in []byte, chunk uint16) {
		if _, err := differential(in, ruleStats{}); err != nil {
			t.Fatalf("input %q: %v", in, err)
		}
		whole := merge(tokenize(t, New(), in, len(in)+1))
		c := 1 + int(chunk)%97
		if got := merge(tokenize(t, New(), in, c)); dump(got) != dump(whole) {
			t.Fatalf("input %q, chunk %d:\n%s", in, c, diffLines(dump(got), dump(whole)))
		}
	})
}

// FuzzChunks checks, for any input, chunk size and MaxTagSize: the call
// contract and partition invariant (in tokenize); that the tokens are
// those of the whole input without a limit, except that each construct
// longer than the limit is Oversize; that with SkipText, SkipEndTags and
// SkipStartTags only what they name is passed over; and that Passthrough copies the input
// with any dst size.
func FuzzChunks(f *testing.F) {
	addSeeds(f, uint16(1), uint16(0), uint16(1))
	f.Fuzz(func(t *testing.T, in []byte, chunk, limit, dstSize uint16) {
		L := minMaxTagSize + int(limit)%64
		c := 1 + int(chunk)%97
		whole := merge(tokenize(t, New(), in, len(in)+1))
		var want []tk
		for _, w := range whole {
			if w.Type != Text && len(w.Raw) > L {
				if (w.Type == StartTag || w.Type == SelfClosingTag) && (w.Name == "font" || w.Name == "annotation-xml") {
					// The attributes of an oversize tag are not examined,
					// so an oversize <font color> or <annotation-xml
					// encoding> does not end or start foreign content: a
					// known approximation.
					return
				}
				w = tk{Type: Oversize, Raw: w.Raw, Offset: w.Offset, Foreign: w.Foreign}
			}
			want = append(want, w)
		}
		want = merge(want)
		got := merge(tokenize(t, New(MaxTagSize(L)), in, c))
		if dump(got) != dump(want) {
			t.Fatalf("input %q, chunk %d, MaxTagSize %d:\n%s", in, c, L, diffLines(dump(got), dump(want)))
		}
		s := skipper{text: []RawText{NotRaw, RawText(chunk % uint16(len(rawNames)))}, endTags: limit%2 == 0, keep: []string{"a"}}
		if limit%3 == 0 {
			s.startAttr = "href"
			s.except = chunk%2 == 0
		}
		z := New(MaxTagSize(L))
		s.set(z)
		checkSkipped(t, tokenize(t, z, in, c), merge(tokenize(t, New(MaxTagSize(L)), in, len(in)+1)), s)
		d := 1 + int(dstSize)%17
		if out := transformtest.Run(t, NewPassthrough(nil, MaxTagSize(L)), in, c, d); !bytes.Equal(out, in) {
			t.Fatalf("Passthrough src %d dst %d: output %q differs from input %q", c, d, out, in)
		}
	})
}

// FuzzPassOver checks that passing over start tags by their names and
// their attributes' names (SkipStartTagsExcept, with which Next runs
// passOver from '<' to '<' without building tokens) returns the same
// tokens at the same offsets, one by one, as passing over the same tags
// by a function that sees every token (SkipStartTags): the fast path
// against the slow one, for any input, chunk size, MaxTagSize and
// setting of SkipText and SkipEndTags.
func FuzzPassOver(f *testing.F) {
	addSeeds(f, uint16(7), uint8(0))
	addSeeds(f, uint16(7), uint8(8))
	f.Add([]byte(`<span class="x">t</span><a HREF=x>y</a><IMG src=i><Div x='>'><svg><g href=y></svg><script>x</script><p data=x/></P><img alt="a>b" src>`), uint16(64), uint8(3))
	f.Add([]byte(`<span class="x">t</span><p  class="pre" id=y><div class='z'>u</div><b class=""/><i class="long value over a word">`), uint16(64), uint8(16))
	// class values about the one and two words passOver reads at once.
	f.Add([]byte(`<code class="docutils literal notranslate">x</code><p class="12345678901234567"><p class="123456789012345678901234567890 x" id=y><p class="12345678901234567890`), uint16(300), uint8(0))
	f.Add([]byte(`<p class="1234567">x<p class="12345678"><p class="123456789012345"><p class="1234567890123456"><p class="a>b">x<p class="1234567"/><p class="x" href=y>`), uint16(300), uint8(0))
	f.Add([]byte(`<p class="1234567">x<p class="12345678"><p class="123456789012345"><p class="1234567890123456"><p class="a>b">x<p class="1234567"/><p class="x" href=y>`), uint16(300), uint8(16))
	// Tag names about the word of lower-case letters passOver reads at
	// once: of seven to ten letters, ended by each delimiter, with a digit,
	// a dash or an upper-case letter, and kept names that begin so.
	f.Add([]byte("<abcdefg>x<abcdefgh>y<abcdefghi x=1><abcdefgh/><abcdefgh\t><abcdefghij\n>z<abcdefgh\f><abcdefgh\r><h3>z</h3><my-el>q<aBc>r<imG src=1><imG><img/><img><imgs><i><a><sCRIPT><p>x</p></script><p>"), uint16(299), uint8(0))
	f.Add([]byte("<abcdefg>x<abcdefgh>y<abcdefghi x=1><abcdefgh/><abcdefgh\t><abcdefghij\n>z<abcdefgh\f><abcdefgh\r><h3>z</h3><my-el>q<aBc>r<imG src=1><imG><img/><img><imgs><i><a><sCRIPT><p>x</p></script><p>"), uint16(40), uint8(4))
	// End tags about the word at their '<': names of one to nine letters
	// ended by '>' or another byte, kept ones (p) among them.
	f.Add([]byte(`x</b></ab></abc></abcd></abcde></abcdef></abcdefg></abcdefgh></abcdefghi></abC></ab1></ab ></ab/></p></pre></P></p ></pa>`), uint16(299), uint8(0))
	f.Add([]byte(`x</b></ab></abc></abcd></abcde></abcdef></abcdefg></abcdefgh></abcdefghi></abC></ab1></ab ></ab/></p></pre></P></p ></pa>`), uint16(22), uint8(16))
	f.Fuzz(func(t *testing.T, in []byte, chunk uint16, mode uint8) {
		c := 1 + int(chunk)%300
		L := DefaultMaxTagSize
		if mode&4 != 0 {
			L = minMaxTagSize + int(chunk)%32
		}
		set := func(z *Tokenizer) {
			z.SkipText(NotRaw, mode&8 == 0)
			if mode&1 != 0 {
				for r := Script; r <= Plaintext; r++ {
					z.SkipText(r, true)
				}
			}
			z.SkipEndTags(mode&2 == 0, "a", "p")
		}
		fast := New(MaxTagSize(L))
		set(fast)
		attr := "src"
		if mode&16 != 0 {
			attr = "class" // which passAttrs reads by a word unless it is kept
		}
		fast.SkipStartTagsExcept(true, []string{"a", "img"}, []string{"href", attr})
		slow := New(MaxTagSize(L))
		set(slow)
		slow.SkipStartTags(func(tok *Token) bool {
			_, href := tok.Attr("href")
			_, src := tok.Attr(attr)
			return string(tok.Name) == "a" || string(tok.Name) == "img" || href || src
		})
		got, want := tokenize(t, fast, in, c), tokenize(t, slow, in, c)
		if g, w := dump(got), dump(want); g != w {
			t.Fatalf("input %q, chunk %d, MaxTagSize %d, mode %d:\n%s", in, c, L, mode, diffLines(g, w))
		}
	})
}
