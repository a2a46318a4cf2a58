package htmltok

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// short is the compact form of a token the table tests are written in:
// T:text (T/script:text for raw text), S:name a=v b (attributes: name=value
// as written, a "!" before a duplicate, =” for an empty value),
// SC:name for self-closing, E:name, C:data, D:data, CD:data, O:raw,
// EOF:raw; " @f" marks foreign content.
func short(t tk) string {
	var b strings.Builder
	switch t.Type {
	case Text:
		b.WriteString("T")
		if t.RawText != NotRaw {
			b.WriteString("/" + t.RawText.String())
		}
		b.WriteString(":" + t.Raw)
	case StartTag, SelfClosingTag:
		if t.Type == StartTag {
			b.WriteString("S:")
		} else {
			b.WriteString("SC:")
		}
		b.WriteString(t.Name)
		for _, a := range t.Attrs {
			b.WriteByte(' ')
			if a.Dup {
				b.WriteByte('!')
			}
			b.WriteString(a.Name)
			if a.ValOff >= 0 {
				if a.Val == "" {
					b.WriteString("=''")
				} else {
					b.WriteString("=" + a.Val)
				}
			}
		}
	case EndTag:
		b.WriteString("E:" + t.Name)
	case Comment:
		b.WriteString("C:" + t.Data)
	case Doctype:
		b.WriteString("D:" + t.Data)
	case CDATA:
		b.WriteString("CD:" + t.Data)
	case Oversize:
		b.WriteString("O:" + t.Raw)
	case EOFInTag:
		b.WriteString("EOF:" + t.Raw)
	}
	if t.Foreign {
		b.WriteString(" @f")
	}
	return b.String()
}

func shorts(ts []tk) []string {
	var out []string
	for _, t := range ts {
		out = append(out, short(t))
	}
	return out
}

type tokCase struct {
	name string
	in   string
	want []string
}

var tokCases = []tokCase{
	// Data state and tag open.
	{"text", "plain text", []string{"T:plain text"}},
	{"lt not a tag", "a < b <3 <=> <", []string{"T:a < b <3 <=> <"}},
	{"tag", "<a href=x>t</a>", []string{"S:a href=x", "T:t", "E:a"}},
	{"upper case", "<DIV CLASS=X Id='y'></DIV>", []string{"S:div class=X id=y", "E:div"}},
	{"tag at EOF", "x<p", []string{"T:x", "EOF:<p"}},
	{"end tag open at EOF", "x</", []string{"T:x</"}},
	{"lt at EOF", "x<", []string{"T:x<"}},
	// Attributes.
	{"quotes", `<a b="1 '>" c='2 ">' d=3>`, []string{`S:a b=1 '> c=2 "> d=3`}},
	{"no value", "<input disabled checked=''>", []string{"S:input disabled checked=''"}},
	{"empty unquoted", "<a b=>", []string{"S:a b=''"}},
	{"spaces around =", "<a b = c\td\n=\n'e'>", []string{"S:a b=c d=e"}},
	{"equals first", "<a =b>", []string{"S:a =b"}},
	{"equals in value", "<a b==c>", []string{"S:a b==c"}},
	{"odd name chars", `<a "b'<=c>`, []string{`S:a "b'<=c`}},
	{"missing space", `<a b="c"d="e">`, []string{"S:a b=c d=e"}},
	{"duplicates", "<a HREF=1 x href=2 X=3 y>", []string{"S:a href=1 x !href=2 !x=3 y"}},
	{"many duplicates", "<a" + strings.Repeat(" a b c d e f g h i j", 3) + ">",
		[]string{"S:a a b c d e f g h i j" + strings.Repeat(" !a !b !c !d !e !f !g !h !i !j", 2)}},
	{"value with >", `<a title="a>b">`, []string{"S:a title=a>b"}},
	{"unquoted value with quote", `<a b=c"d'e>`, []string{`S:a b=c"d'e`}},
	{"attribute at EOF", `<a href="x`, []string{`EOF:<a href="x`}},
	{"end tag attributes ignored", `</a b="c>">x`, []string{"E:a", "T:x"}},
	// Self-closing.
	{"self-closing", "<br/><br /><img src=x />", []string{"SC:br", "SC:br", "SC:img src=x"}},
	{"slash in unquoted value", "<a href=/>", []string{"S:a href=/"}},
	{"slash in value then space", "<a href=x/ >", []string{"S:a href=x/"}},
	{"quoted then slash", `<a b="c"/>`, []string{"SC:a b=c"}},
	{"slash between attributes", "<a/b/c>", []string{"S:a b c"}},
	{"slash then space", "<a / b>", []string{"S:a b"}},
	{"end tag self-closing", "</a/>", []string{"E:a"}},
	// Comments.
	{"comment", "<!-- x -->", []string{"C: x "}},
	{"empty comments", "<!----><!--><!--->", []string{"C:", "C:", "C:"}},
	{"comment bang end", "<!-- x --!>y", []string{"C: x ", "T:y"}},
	{"comment dashes", "<!-- a -- b --->", []string{"C: a -- b -"}},
	{"comment not ended by ->", "<!-- a -> b -->", []string{"C: a -> b "}},
	{"comment not ended by --!->", "<!-- --!-> -->", []string{"C: --!-> "}},
	{"comment nested", "<!--<!-- x -->", []string{"C:<!-- x "}},
	{"comment with tag", "<!-- <a href=x> -->", []string{"C: <a href=x> "}},
	{"comment at EOF", "<!-- x -", []string{"C: x "}},
	{"comment at EOF 2", "<!-- x --!", []string{"C: x "}},
	{"short decl at EOF", "<!-", []string{"C:-"}},
	{"bang at EOF", "<!", []string{"C:"}},
	// Bogus comments.
	{"processing instruction", "<?xml version='1.0'?>x", []string{"C:?xml version='1.0'?", "T:x"}},
	{"end tag space", "</ x>y", []string{"C: x", "T:y"}},
	{"end tag digit", "</1>", []string{"C:1"}},
	{"empty end tag", "a</>b", []string{"T:a", "C:", "T:b"}},
	{"bang", "<!x>", []string{"C:x"}},
	{"bang empty", "<!>", []string{"C:"}},
	{"cdata outside foreign", "<![CDATA[a<b]]>", []string{"C:[CDATA[a<b]]"}},
	{"bogus at EOF", "<?x", []string{"C:?x"}},
	// Doctype.
	{"doctype", "<!DOCTYPE html>", []string{"D:html"}},
	{"doctype case", `<!doctype HTML PUBLIC "a>b">`, []string{`D:HTML PUBLIC "a`, `T:b">`}},
	{"doctype at EOF", "<!DOCTYPE html", []string{"D:html"}},
	{"doctype prefix", "<!DOCTYP html>", []string{"C:DOCTYP html"}},
	// Foreign content and CDATA.
	{"svg cdata", "<svg><![CDATA[a<b]]></svg><![CDATA[x]]>",
		[]string{"S:svg", "CD:a<b @f", "E:svg @f", "C:[CDATA[x]]"}},
	{"math cdata", "<math><mi>x</mi><![CDATA[]]]]></math>",
		[]string{"S:math", "S:mi @f", "T:x", "E:mi", "CD:]] @f", "E:math @f"}},
	{"cdata at EOF", "<svg><![CDATA[x]", []string{"S:svg", "CD:x] @f"}},
	{"cdata ends only at ]]>", "<svg><![CDATA[]>]]>", []string{"S:svg", "CD:]> @f"}},
	{"svg self-closing", "<svg/><![CDATA[x]]>", []string{"SC:svg", "C:[CDATA[x]]"}},
	{"nested svg", "<svg><g><svg></svg><![CDATA[x]]></svg><![CDATA[y]]>",
		[]string{"S:svg", "S:g @f", "S:svg @f", "E:svg @f", "CD:x @f", "E:svg @f", "C:[CDATA[y]]"}},
	{"svg no raw text", "<svg><style>a<x>c</style><title><a href=x></title></svg>",
		[]string{"S:svg", "S:style @f", "T:a @f", "S:x @f", "T:c @f", "E:style @f",
			"S:title @f", "S:a href=x", "E:title", "E:svg @f"}},
	{"svg script", "<svg><script>x<y></y></script></svg>",
		[]string{"S:svg", "S:script @f", "T:x @f", "S:y @f", "E:y @f", "E:script @f", "E:svg @f"}},
	{"svg b breaks out", "<svg><b><style><a></style>", []string{"S:svg", "S:b @f", "S:style", "T/style:<a>", "E:style"}},
	{"foreignObject", "<svg><foreignObject><style>a<b</style><![CDATA[x]]></foreignObject><![CDATA[y]]></svg>",
		[]string{"S:svg", "S:foreignobject @f", "S:style", "T/style:a<b", "E:style", "C:[CDATA[x]]",
			"E:foreignobject", "CD:y @f", "E:svg @f"}},
	{"breakout", "<svg><p><![CDATA[x]]>", []string{"S:svg", "S:p @f", "C:[CDATA[x]]"}},
	{"font breakout", "<svg><font><![CDATA[x]]><font color=red><![CDATA[y]]>",
		[]string{"S:svg", "S:font @f", "CD:x @f", "S:font color=red @f", "C:[CDATA[y]]"}},
	{"annotation-xml", `<math><annotation-xml encoding="text/html"><style>a<b</style></annotation-xml><![CDATA[x]]></math>`,
		[]string{"S:math", "S:annotation-xml encoding=text/html @f", "S:style", "T/style:a<b", "E:style",
			"E:annotation-xml", "CD:x @f", "E:math @f"}},
	{"end p breaks out", "<math></p><![CDATA[x]]>", []string{"S:math", "E:p @f", "C:[CDATA[x]]"}},
	// Raw text and RCDATA.
	{"script", "<script>a</b>c</script>d", []string{"S:script", "T/script:a</b>c", "E:script", "T:d"}},
	{"script end tag case", "<SCRIPT>a</ScRiPt >b", []string{"S:script", "T/script:a", "E:script", "T:b"}},
	{"script end tag attrs", `<script>a</script x=">">b`, []string{"S:script", "T/script:a", "E:script", "T:b"}},
	{"script not end", "<script>a</scripty></script/>", []string{"S:script", "T/script:a</scripty>", "E:script"}},
	{"script self-closing", "<script/>a<b>", []string{"SC:script", "T/script:a<b>"}},
	{"style", "<style>a<b></style>", []string{"S:style", "T/style:a<b>", "E:style"}},
	{"title", "<title>&amp;<b></title>", []string{"S:title", "T/title:&amp;<b>", "E:title"}},
	{"textarea", "<textarea><a></textarea>", []string{"S:textarea", "T/textarea:<a>", "E:textarea"}},
	{"xmp iframe noembed noframes", "<xmp><a></xmp><iframe><a></iframe><noembed><a></noembed><noframes><a></noframes>",
		[]string{"S:xmp", "T/xmp:<a>", "E:xmp", "S:iframe", "T/iframe:<a>", "E:iframe",
			"S:noembed", "T/noembed:<a>", "E:noembed", "S:noframes", "T/noframes:<a>", "E:noframes"}},
	{"plaintext", "<plaintext><a></plaintext>", []string{"S:plaintext", "T/plaintext:<a></plaintext>"}},
	{"noscript is markup", "<noscript><a href=x></noscript>", []string{"S:noscript", "S:a href=x", "E:noscript"}},
	{"raw text at EOF", "<style>a</sty", []string{"S:style", "T/style:a</sty"}},
	{"raw end tag at EOF", "<style>a</style", []string{"S:style", "T/style:a</style"}},
	{"raw end tag cut at EOF", "<style>a</style ", []string{"S:style", "T/style:a", "EOF:</style "}},
	{"empty raw text", "<script></script>", []string{"S:script", "E:script"}},
	// Script data escaped and double escaped.
	{"script escaped", "<script><!-- a </script> b", []string{"S:script", "T/script:<!-- a ", "E:script", "T: b"}},
	{"script double escaped", "<script><!--<script></script>--></script>x",
		[]string{"S:script", "T/script:<!--<script></script>-->", "E:script", "T:x"}},
	{"script double escaped no end", "<script><!--<script></script></script>x",
		[]string{"S:script", "T/script:<!--<script></script>", "E:script", "T:x"}},
	{"script escape closed", "<script><!--><script></script>x",
		[]string{"S:script", "T/script:<!--><script>", "E:script", "T:x"}},
	{"script escape dashes", "<script><!-- -- > <script> --> </script>",
		[]string{"S:script", "T/script:<!-- -- > <script> --> ", "E:script"}},
	{"script escaped lt", "<script><!--a< <script></script>b</script>c",
		[]string{"S:script", "T/script:<!--a< <script></script>b", "E:script", "T:c"}},
	{"script double escape case", "<script><!--<SCRIPT>x</SCRIPT></script>",
		[]string{"S:script", "T/script:<!--<SCRIPT>x</SCRIPT>", "E:script"}},
	{"script not double escaped", "<script><!--<scripts></script>",
		[]string{"S:script", "T/script:<!--<scripts>", "E:script"}},
	{"script double escaped dashes end", "<script><!--<script>--></script>x",
		[]string{"S:script", "T/script:<!--<script>-->", "E:script", "T:x"}},
	{"script escape one dash", "<script><!--a->-b</script>c",
		[]string{"S:script", "T/script:<!--a->-b", "E:script", "T:c"}},
	{"script double escape long dashes", "<script><!--<script>a---->b</script>c</script>x",
		[]string{"S:script", "T/script:<!--<script>a---->b", "E:script", "T:c", "E:script", "T:x"}},
	{"script escape dashes then lt", "<script><!--<script>--<-->a</script>b</script>",
		[]string{"S:script", "T/script:<!--<script>--<-->a", "E:script", "T:b", "E:script"}},
	// Odd bytes: NUL, non-ASCII, CR.
	{"nul", "<a\x00b c\x00=d\x00>\x00", []string{"S:a\x00b c\x00=d\x00", "T:\x00"}},
	{"non-ASCII names", "<a ö=ü><ä>", []string{"S:a ö=ü", "T:<ä>"}},
	{"cr", "<a\rb\r=\rc>", []string{"S:a b=c"}},
}

// checkToken checks what the doc comments promise of each token.
func checkToken(t testing.TB, tok tk) {
	t.Helper()
	if tok.Name != strings.ToLower(tok.Name) && !hasUpperNonASCII(tok.Name) {
		t.Errorf("%v: name not lower-cased", tok)
	}
	if tok.Data != "" && !strings.Contains(tok.Raw, tok.Data) {
		t.Errorf("%v: Data not in Raw", tok)
	}
	for _, a := range tok.Attrs {
		if a.NameOff+len(a.Name) > len(tok.Raw) || !strings.EqualFold(tok.Raw[a.NameOff:a.NameOff+len(a.Name)], a.Name) {
			t.Errorf("%v: attribute %q not at NameOff %d", tok, a.Name, a.NameOff)
		}
		if a.ValOff >= 0 && (a.ValOff+len(a.Val) > len(tok.Raw) || tok.Raw[a.ValOff:a.ValOff+len(a.Val)] != a.Val) {
			t.Errorf("%v: value %q not at ValOff %d", tok, a.Val, a.ValOff)
		}
		if a.ValOff < 0 && a.Val != "" {
			t.Errorf("%v: value without ValOff", tok)
		}
	}
}

func hasUpperNonASCII(s string) bool { return strings.ToLower(s) != s && !utf8.ValidString(s) }

func TestTokenizer(t *testing.T) {
	for _, c := range tokCases {
		t.Run(c.name, func(t *testing.T) {
			got := merge(tokenize(t, New(), []byte(c.in), len(c.in)+1))
			for _, tok := range got {
				checkToken(t, tok)
			}
			if g := shorts(got); strings.Join(g, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("input %q\n got %q\nwant %q", c.in, g, c.want)
			}
		})
	}
}

// TestChunks checks that the tokens do not depend on how the input is
// split: every table case at every chunk size, the sample pages at a range
// of sizes, with the default and a small MaxTagSize.
func TestChunks(t *testing.T) {
	check := func(t *testing.T, in []byte, sizes []int, opts ...Option) {
		whole := merge(tokenize(t, New(opts...), in, len(in)+1))
		want := dump(whole)
		z := New(opts...)
		for _, n := range sizes {
			z.Reset()
			if got := dump(merge(tokenize(t, z, in, n))); got != want {
				t.Fatalf("chunk size %d:\n%s", n, diffLines(got, want))
			}
		}
		// The same with SkipText, for ordinary text, and for ordinary
		// text and every raw text state, and with SkipEndTags.
		allText := []RawText{NotRaw, Script, Style, Textarea, Title, Xmp, Iframe, Noembed, Noframes, Plaintext}
		for _, s := range []skipper{
			{text: []RawText{NotRaw}},
			{text: allText},
			{endTags: true},
			{text: allText, endTags: true, keep: []string{"a", "style"}},
			{text: allText, endTags: true, keep: []string{"a"}, startAttr: "href"},
			{text: allText, endTags: true, keep: []string{"a"}, startAttr: "href", except: true},
			{text: []RawText{NotRaw}, endTags: true, keep: []string{"a"}, startAttr: "href", except: true},
			{text: []RawText{NotRaw}, startAttr: "href", except: true},
			{endTags: true, keep: []string{"a"}, startAttr: "href", except: true},
			// class, which passAttrs reads by a word unless it is kept.
			{text: []RawText{NotRaw}, endTags: true, keep: []string{"a"}, startAttr: "class", except: true},
		} {
			z := New(opts...)
			s.set(z)
			for _, n := range sizes {
				if len(in) > 1000 && (n == 2 || n == 3) {
					continue // pages: sizes 1, 7 and up are enough
				}
				z.Reset() // keeps the settings
				passed := checkSkipped(t, tokenize(t, z, in, n), whole, s)
				if n >= 64 && len(in) > 1000 && passed == 0 {
					t.Fatalf("chunk size %d, skipping %+v: nothing passed over", n, s)
				}
			}
		}
	}
	for _, c := range tokCases {
		var sizes []int
		for n := 1; n <= len(c.in); n++ {
			sizes = append(sizes, n)
		}
		t.Run(c.name, func(t *testing.T) {
			check(t, []byte(c.in), sizes)
			check(t, []byte(c.in), sizes, MaxTagSize(0))
		})
	}
	for _, p := range samplePages(t) {
		in, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sizes := []int{1, 2, 3, 7, 64, 1000, 4096}
		if testing.Short() {
			sizes = []int{3, 64, 4096}
		}
		t.Run(p, func(t *testing.T) {
			check(t, in, sizes)
			check(t, in, []int{2, 13, 100}, MaxTagSize(40))
		})
	}
}

func diffLines(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\n got: %s\nwant: %s", i, a, b)
		}
	}
	return "same"
}

// TestOversize checks that constructs longer than MaxTagSize become
// Oversize tokens covering exactly their bytes, and that tokenization goes
// on as it would without the limit.
func TestOversize(t *testing.T) {
	long := strings.Repeat("x", 100)
	cases := []tokCase{
		{"tag", "<a href='" + long + "'>t</a>", []string{"O:<a href='" + long + "'>", "T:t", "E:a"}},
		{"tag with quoted >", "<a title='>" + long + "'>t", []string{"O:<a title='>" + long + "'>", "T:t"}},
		{"comment", "<!--" + long + "-->t", []string{"O:<!--" + long + "-->", "T:t"}},
		{"comment end across chunks", "<!--" + long + "--!>t", []string{"O:<!--" + long + "--!>", "T:t"}},
		{"comment not ended", "<!--" + long + "->t-->u", []string{"O:<!--" + long + "->t-->", "T:u"}},
		{"doctype", "<!DOCTYPE " + long + ">t", []string{"O:<!DOCTYPE " + long + ">", "T:t"}},
		{"cdata", "<svg><![CDATA[" + long + "]]>t", []string{"S:svg", "O:<![CDATA[" + long + "]]> @f", "T:t @f"}},
		{"script start tag", "<script src='" + long + "'><a></script>t",
			[]string{"O:<script src='" + long + "'>", "T/script:<a>", "E:script", "T:t"}},
		{"svg start tag", "<svg a='" + long + "'><![CDATA[x]]>", []string{"O:<svg a='" + long + "'>", "CD:x @f"}},
		{"self-closing svg", "<svg a='" + long + "'/><![CDATA[x]]>", []string{"O:<svg a='" + long + "'/>", "C:[CDATA[x]]"}},
		{"tag at EOF", "<a href='" + long, []string{"O:<a href='" + long}},
		{"text is never oversize", long + long, []string{"T:" + long + long}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for n := 1; n <= len(c.in)+1; n++ {
				got := shorts(merge(tokenize(t, New(MaxTagSize(50)), []byte(c.in), n)))
				if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
					t.Fatalf("chunk %d: input %q\n got %q\nwant %q", n, c.in, got, c.want)
				}
			}
		})
	}
}

// TestPassthrough runs the Passthrough transformer over the table cases
// and sample pages with every combination of small src and dst buffer
// sizes: the output must be the input, and the tokens those of Next.
func TestPassthrough(t *testing.T) {
	sweep := func(t *testing.T, in []byte, src, dst []int) {
		want := dump(merge(tokenize(t, New(), in, len(in)+1)))
		var toks []tk
		transformtest.Sweep{
			In: in,
			New: func() transform.Transformer {
				toks = nil
				return NewPassthrough(func(tok *Token) error {
					toks = append(toks, copyToken(tok))
					return nil
				})
			},
			Src:  src,
			Dst:  dst,
			Want: in,
			Check: func([]byte) error {
				if got := dump(merge(toks)); got != want {
					return fmt.Errorf("tokens differ:\n%s", diffLines(got, want))
				}
				return nil
			},
		}.Run(t)
	}
	for _, c := range tokCases {
		t.Run(c.name, func(t *testing.T) {
			sweep(t, []byte(c.in), nil, []int{1, 2, 3, 4, 5, 6, 7, 8})
		})
	}
	for _, p := range samplePages(t) {
		in, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(p, func(t *testing.T) {
			// Pages of up to 130 KB: a few sizes, as the table cases
			// take every one.
			sweep(t, in, []int{1, 7, 64, 4096, 0}, []int{1, 100})
		})
	}
	// And through the x/text adapters.
	in := []byte(`<p>a<a href="x">b</a><!-- c --><script><!--<script></script>--></script>`)
	out, _, err := transform.Bytes(NewPassthrough(nil), in)
	if err != nil || !bytes.Equal(out, in) {
		t.Errorf("transform.Bytes = %q, %v", out, err)
	}
}

func TestPassthroughError(t *testing.T) {
	stop := fmt.Errorf("stop")
	p := NewPassthrough(func(tok *Token) error {
		if tok.Type == EndTag {
			return stop
		}
		return nil
	})
	_, _, err := transform.String(p, "<a>b</a>c")
	if err != stop {
		t.Errorf("err = %v, want the callback's", err)
	}
}

// TestBoundedMemory feeds a 3 MiB attribute value and a 3 MiB comment in
// 4 KiB pieces: the tokenizer's buffer must stay within about MaxTagSize,
// and the constructs come out as Oversize.
func TestBoundedMemory(t *testing.T) {
	big := strings.Repeat("x", 3<<20)
	in := []byte("<img src='" + big + "'><!--" + big + "-->t")
	z := New()
	var types []TokenType
	maxCap := 0
	lo, hi := 0, 4096
	for {
		tok, n, err := z.Next(in[lo:hi], hi == len(in))
		lo += n
		maxCap = max(maxCap, cap(z.buf))
		if err != nil {
			break
		}
		if tok != nil && (len(types) == 0 || types[len(types)-1] != tok.Type) {
			types = append(types, tok.Type)
		}
		if tok == nil || lo == hi {
			hi = min(hi+4096, len(in))
		}
	}
	if maxCap > 2*DefaultMaxTagSize {
		t.Errorf("buffer grew to %d bytes", maxCap)
	}
	if fmt.Sprint(types) != "[Oversize Text]" {
		t.Errorf("types %v, want [Oversize Text]", types)
	}
}

// TestMayMatter checks that mayMatter says true of every tag name that
// changes the tokenizer's state outside svg and math, and false of common
// ones that do not.
func TestMayMatter(t *testing.T) {
	names := strings.Fields(`a abbr address area article aside audio b base bdi bdo blockquote body br button
		canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed
		fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img
		input ins kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup
		option output p param picture pre progress q rp rt ruby s samp script search section select slot
		small source span strong style sub summary sup table tbody td template textarea tfoot th thead
		time title tr track u ul var video wbr xmp noembed noframes plaintext svg math font center big
		foreignobject desc mi mo mn ms mtext annotation-xml listing`)
	for _, n := range names {
		k := classifyLower([]byte(n))
		if matters := k == kSVG || k == kMath || k.rawText() != NotRaw; matters && !mayMatter([]byte(n)) {
			t.Errorf("mayMatter(%q) = false; it is of kind %d", n, k)
		}
	}
	for _, n := range []string{"a", "div", "span", "p", "li", "img", "td", "tr", "ul", "br", "link", "meta", "input", "table", "form"} {
		if mayMatter([]byte(n)) {
			t.Errorf("mayMatter(%q) = true", n)
		}
	}
}

// TestSkipEndTagsKeep checks which end tags SkipEndTags keeps: those
// named, long names too, and the last token of the input.
func TestSkipEndTagsKeep(t *testing.T) {
	in := "<x></averyveryverylongname></b></A></averyveryverylongnamf></style></i>"
	z := New()
	z.SkipEndTags(true, "averyveryverylongname", "a", "style")
	var got []string
	for off := 0; ; {
		tok, n, err := z.Next([]byte(in[off:]), true)
		off += n
		if err != nil {
			break
		}
		got = append(got, string(tok.Raw))
	}
	want := []string{"<x>", "</averyveryverylongname>", "</A>", "</style>", "</i>"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestPassOverNewSettings checks that the tags passOver passed over
// under one setting of SkipEndTags and SkipStartTagsExcept are returned
// under a new one that keeps them, and passed over again after.
func TestPassOverNewSettings(t *testing.T) {
	in := []byte("<div>x</div>\n<p>y</p>\n<span class=c>z</span>\n<div>x</div>\n<p>y</p>\n<span class=c>z</span>\n")
	tags := func(z *Tokenizer) []string {
		z.Reset()
		var got []string
		for off := 0; ; {
			tok, n, err := z.Next(in[off:], true)
			off += n
			if err != nil {
				return got
			}
			if tok != nil && tok.IsTag() {
				got = append(got, string(tok.Raw))
			}
		}
	}
	z := New()
	z.SkipText(NotRaw, true)
	z.SkipEndTags(true, "a")
	z.SkipStartTagsExcept(true, []string{"a"}, []string{"href"})
	if got := tags(z); len(got) != 0 {
		t.Fatalf("all passed over: got %q", got)
	}
	z.SkipEndTags(true, "a", "p")
	if got, want := tags(z), []string{"</p>", "</p>"}; !slices.Equal(got, want) {
		t.Errorf("end tags p kept: got %q, want %q", got, want)
	}
	z.SkipStartTagsExcept(true, []string{"a", "div"}, []string{"href", "class"})
	if got, want := tags(z), []string{"<div>", "</p>", "<span class=c>", "<div>", "</p>", "<span class=c>"}; !slices.Equal(got, want) {
		t.Errorf("start tags div and class kept: got %q, want %q", got, want)
	}
	z.SkipEndTags(true, "a")
	z.SkipStartTagsExcept(true, []string{"a"}, []string{"href"})
	if got := tags(z); len(got) != 0 {
		t.Fatalf("all passed over again: got %q", got)
	}
}

// TestTokenAttr checks Token.Attr: the first attribute of the name that
// is not a duplicate, whatever comes after it; none when there is none.
func TestTokenAttr(t *testing.T) {
	for _, c := range []struct {
		in, name string
		val      string
		ok       bool
	}{
		{`<a href=x rel=y>`, "rel", "y", true},
		{`<a rel=one REL=two>`, "rel", "one", true},
		{`<a href=x>`, "rel", "", false},
		{`<a relx=1 re=2>`, "rel", "", false},
		{`<a rel>`, "rel", "", true},
		{`<a>`, "rel", "", false},
	} {
		z := New()
		tok, _, err := z.Next([]byte(c.in), true)
		if err != nil || tok == nil {
			t.Fatalf("%s: no token (%v)", c.in, err)
		}
		a, ok := tok.Attr(c.name)
		if ok != c.ok || string(a.Val) != c.val || ok && (string(a.Name) != c.name || a.Dup) {
			t.Errorf("%s: Attr(%q) = %q %q dup %v, %v; want %q, %v", c.in, c.name, a.Name, a.Val, a.Dup, ok, c.val, c.ok)
		}
	}
}
