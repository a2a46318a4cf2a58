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
