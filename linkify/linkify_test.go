package linkify

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/transformtest"
	"github.com/relink-go/relink/textlink"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/transform"
)

const rel = ` rel="nofollow noopener"`

var linkifyTests = []struct {
	name, in, html, md string
}{
	{"empty", "", "", ""},
	{"no links", "just text, 1.5 and a.b", "just text, 1.5 and a.b", "just text, 1.5 and a.b"},
	{"bare domain", "see example.com.",
		`see <a href="http://example.com/"` + rel + `>example.com</a>.`,
		`see [example.com](<http://example.com/>).`},
	{"http", "go to https://example.com/a?b=1&c=2#d, now",
		`go to <a href="https://example.com/a?b=1&amp;c=2#d"` + rel + `>https://example.com/a?b=1&amp;c=2#d</a>, now`,
		`go to [https://example.com/a?b=1\&c=2#d](<https://example.com/a?b=1&c=2#d>), now`},
	{"email", "mail joe@example.com!",
		`mail <a href="mailto:joe@example.com"` + rel + `>joe@example.com</a>!`,
		`mail [joe@example.com](<mailto:joe@example.com>)\!`},
	{"mailto", "mailto:joe@example.com?subject=hi",
		`<a href="mailto:joe@example.com?subject=hi"` + rel + `>mailto:joe@example.com?subject=hi</a>`,
		`[mailto:joe@example.com?subject=hi](<mailto:joe@example.com?subject=hi>)`},
	{"brackets", "(see http://w.org/a_(b)) [http://x.org/]",
		`(see <a href="http://w.org/a_(b)"` + rel + `>http://w.org/a_(b)</a>) [<a href="http://x.org/"` + rel + `>http://x.org/</a>]`,
		`(see [http://w.org/a\_\(b\)](<http://w.org/a_(b)>)) \[[http://x.org/](<http://x.org/>)\]`},
	{"trailing punctuation", "http://example.com/path?! ok.",
		`<a href="http://example.com/path"` + rel + `>http://example.com/path</a>?! ok.`,
		`[http://example.com/path](<http://example.com/path>)?\! ok.`},
	{"japanese", "これは https://例え.テスト/パス です",
		`これは <a href="https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"` + rel + `>https://例え.テスト/パス</a> です`,
		`これは [https://例え.テスト/パス](<https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9>) です`},
	{"punycode shown", "http://xn--r8jz45g.xn--zckzah/%E3%83%91",
		`<a href="http://xn--r8jz45g.xn--zckzah/%E3%83%91"` + rel + `>http://例え.テスト/パ</a>`,
		`[http://例え.テスト/パ](<http://xn--r8jz45g.xn--zckzah/%E3%83%91>)`},
	{"chinese bare", "访问 www.例え.jp/x 吧",
		`访问 <a href="http://www.xn--r8jz45g.jp/x"` + rel + `>www.例え.jp/x</a> 吧`,
		`访问 [www.例え.jp/x](<http://www.xn--r8jz45g.jp/x>) 吧`},
	{"greek", "https://el.wikipedia.org/wiki/Ελλάδα",
		`<a href="https://el.wikipedia.org/wiki/%CE%95%CE%BB%CE%BB%CE%AC%CE%B4%CE%B1"` + rel + `>https://el.wikipedia.org/wiki/Ελλάδα</a>`,
		`[https://el.wikipedia.org/wiki/Ελλάδα](<https://el.wikipedia.org/wiki/%CE%95%CE%BB%CE%BB%CE%AC%CE%B4%CE%B1>)`},
	{"cyrillic", "http://пример.рф/путь",
		`<a href="http://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C"` + rel + `>http://пример.рф/путь</a>`,
		`[http://пример.рф/путь](<http://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C>)`},
	{"korean, hindi, thai", "https://한국.kr/경로 and http://उदाहरण.भारत/पथ and ไทย.th/หน้า",
		`<a href="https://xn--3e0b707e.kr/%EA%B2%BD%EB%A1%9C"` + rel + `>https://한국.kr/경로</a> and ` +
			`<a href="http://xn--p1b6ci4b4b3a.xn--h2brj9c/%E0%A4%AA%E0%A4%A5"` + rel + `>http://उदाहरण.भारत/पथ</a> and ` +
			`<a href="http://xn--o3cw4h.th/%E0%B8%AB%E0%B8%99%E0%B9%89%E0%B8%B2"` + rel + `>ไทย.th/หน้า</a>`,
		`[https://한국.kr/경로](<https://xn--3e0b707e.kr/%EA%B2%BD%EB%A1%9C>) and ` +
			`[http://उदाहरण.भारत/पथ](<http://xn--p1b6ci4b4b3a.xn--h2brj9c/%E0%A4%AA%E0%A4%A5>) and ` +
			`[ไทย.th/หน้า](<http://xn--o3cw4h.th/%E0%B8%AB%E0%B8%99%E0%B9%89%E0%B8%B2>)`},
	{"arabic", "رابط https://مثال.إختبار/مسار هنا",
		`رابط <a href="https://xn--mgbh0fb.xn--kgbechtv/%D9%85%D8%B3%D8%A7%D8%B1"` + rel + ` dir="ltr">https://مثال.إختبار/مسار</a> هنا`,
		"رابط [\u2066https://مثال.إختبار/مسار\u2069](<https://xn--mgbh0fb.xn--kgbechtv/%D9%85%D8%B3%D8%A7%D8%B1>) هنا"},
	{"hebrew", "http://example.com/שלום",
		`<a href="http://example.com/%D7%A9%D7%9C%D7%95%D7%9D"` + rel + ` dir="ltr">http://example.com/שלום</a>`,
		"[\u2066http://example.com/שלום\u2069](<http://example.com/%D7%A9%D7%9C%D7%95%D7%9D>)"},
	{"script", "<script>alert(1)</script> http://a.com/<script>",
		`&lt;script&gt;alert(1)&lt;/script&gt; <a href="http://a.com/"` + rel + `>http://a.com/</a>&lt;script&gt;`,
		`\<script\>alert(1)\</script\> [http://a.com/](<http://a.com/>)\<script\>`},
	{"quote in URL", `http://a.com/"onmouseover=alert(1)// x`,
		`<a href="http://a.com/%22onmouseover=alert(1)//"` + rel + `>http://a.com/&#34;onmouseover=alert(1)//</a> x`,
		`[http://a.com/"onmouseover=alert\(1\)//](<http://a.com/%22onmouseover=alert(1)//>) x`},
	{"apostrophe in URL", `http://a.com/it's'onclick=x`,
		`<a href="http://a.com/it&#39;s&#39;onclick=x"` + rel + `>http://a.com/it&#39;s&#39;onclick=x</a>`,
		`[http://a.com/it's'onclick=x](<http://a.com/it's'onclick=x>)`},
	{"javascript", "javascript:alert(1) vbscript:msgbox data:text/html,<b>x</b>",
		`javascript:alert(1) vbscript:msgbox data:text/html,&lt;b&gt;x&lt;/b&gt;`,
		`javascript:alert(1) vbscript:msgbox data:text/html,\<b\>x\</b\>`},
	{"javascript domain", "javascript:example.com",
		`javascript:example.com`, `javascript:example.com`},
	{"entity round trip", "&lt; &amp; example.com/?a=1&lt=2",
		`&amp;lt; &amp;amp; <a href="http://example.com/?a=1&amp;lt=2"` + rel + `>example.com/?a=1&amp;lt=2</a>`,
		`\&lt; \&amp; [example.com/?a=1\&lt=2](<http://example.com/?a=1&lt=2>)`},
	{"angle wrapped", "<http://example.com/very/\n  long>",
		`&lt;<a href="http://example.com/very/long"` + rel + `>http://example.com/very/long</a>&gt;`,
		`\<[http://example.com/very/long](<http://example.com/very/long>)\>`},
	{"invalid UTF-8 and NUL", "a\x00b\xff example.com \xe3\x81",
		"a\uFFFDb\uFFFD <a href=\"http://example.com/\"" + rel + ">example.com</a> \uFFFD\uFFFD",
		"a\uFFFDb\uFFFD [example.com](<http://example.com/>) \uFFFD\uFFFD"},
	{"markdown image", "wow!http://x.com/_[a]",
		`wow!<a href="http://x.com/_%5Ba%5D"` + rel + `>http://x.com/_[a]</a>`,
		`wow\![http://x.com/\_\[a\]](<http://x.com/_%5Ba%5D>)`},
	// Issue 19 item 16: the href is a URI ("[", "]" and a stray "%"
	// percent-encoded), the visible text shows "|" as written.
	{"uri href", "https://en.wikipedia.org/wiki/Blur_[band] www.mystore.com/30%OffCoupons http://example.com/a|b?c{d}#e|f",
		`<a href="https://en.wikipedia.org/wiki/Blur_%5Bband%5D"` + rel + `>https://en.wikipedia.org/wiki/Blur_[band]</a> ` +
			`<a href="http://www.mystore.com/30%25OffCoupons"` + rel + `>www.mystore.com/30%OffCoupons</a> ` +
			`<a href="http://example.com/a%7Cb?c%7Bd%7D#e%7Cf"` + rel + `>http://example.com/a|b?c{d}#e|f</a>`,
		`[https://en.wikipedia.org/wiki/Blur\_\[band\]](<https://en.wikipedia.org/wiki/Blur_%5Bband%5D>) ` +
			`[www.mystore.com/30%OffCoupons](<http://www.mystore.com/30%25OffCoupons>) ` +
			`[http://example.com/a|b?c{d}#e|f](<http://example.com/a%7Cb?c%7Bd%7D#e%7Cf>)`},
	{"override", "\u202Ehttp://x.co/moc.knab//:sptth\u202C http://x.co/\nhttp://x.co/",
		"\u202E<a href=\"http://x.co/moc.knab//:sptth\"" + rel + ` dir="ltr">http://x.co/moc.knab//:sptth</a>` + "\u202C " +
			`<a href="http://x.co/"` + rel + ` dir="ltr">http://x.co/</a>` + "\n" + `<a href="http://x.co/"` + rel + `>http://x.co/</a>`,
		"\u202E[\u2066http://x.co/moc.knab//:sptth\u2069](<http://x.co/moc.knab//:sptth>)\u202C [\u2066http://x.co/\u2069](<http://x.co/>)\n[http://x.co/](<http://x.co/>)"},
	{"backslash in URI", `http://a.com/x?q=a\b#c\d`,
		`<a href="http://a.com/x?q=a%5Cb#c%5Cd"` + rel + `>http://a.com/x?q=a\b#c\d</a>`,
		`[http://a.com/x?q=a\\b#c\\d](<http://a.com/x?q=a%5Cb#c%5Cd>)`},
	{"backslash", `\[x](javascript:y) \`,
		`\[x](javascript:y) \`,
		`\\\[x\](javascript:y) \\`},
}

func TestLinkify(t *testing.T) {
	for _, tt := range linkifyTests {
		opts := Options{Layout: LayoutNone} // layout_test.go tests LayoutBR
		if !utf8.ValidString(tt.in) {
			opts.DefaultCharset = "utf-8" // not guessed: stray bytes are U+FFFD
		}
		if got := String(tt.in, opts); got != tt.html {
			t.Errorf("%s: HTML\n got %s\nwant %s", tt.name, got, tt.html)
		}
		opts.Format = FormatMarkdown
		if got := String(tt.in, opts); got != tt.md {
			t.Errorf("%s: Markdown\n got %s\nwant %s", tt.name, got, tt.md)
		}
	}
}

func TestLinkifyAttrs(t *testing.T) {
	for _, tt := range []struct {
		opts Options
		want string
	}{
		{Options{NoRel: true}, `<a href="http://example.com/">example.com</a>`},
		{Options{Rel: "ugc", Target: "_blank"}, `<a href="http://example.com/" rel="ugc" target="_blank">example.com</a>`},
		{Options{Rel: `x" onclick="y`, Target: `<script>`},
			`<a href="http://example.com/" rel="x&#34; onclick=&#34;y" target="&lt;script&gt;">example.com</a>`},
	} {
		if got := String("example.com", tt.opts); got != tt.want {
			t.Errorf("%+v:\n got %s\nwant %s", tt.opts, got, tt.want)
		}
	}
}

// u8 returns opts for a text read as UTF-8 whatever its bytes, as the
// tests of the linkifying itself want (TestLinkifyCharsets tests the
// charsets): stray bytes are U+FFFD, never a reason to guess another
// charset.
//
// The layout is LayoutNone unless opts say otherwise: these tests check
// the escaping and the links, layout_test.go the line breaks and spaces.
func u8(opts Options) Options {
	opts.DefaultCharset = "utf-8"
	if opts.Layout == LayoutBR {
		opts.Layout = LayoutNone
	}
	return opts
}

// hasBOM reports whether in starts with a byte order mark, which makes
// it UTF-16 or UTF-8 whatever the options say.
func hasBOM(in string) bool {
	return strings.HasPrefix(in, "\xEF\xBB\xBF") || strings.HasPrefix(in, "\xFE\xFF") || strings.HasPrefix(in, "\xFF\xFE")
}

// linkifyWhole linkifies in as one piece, without the streaming: the
// reference the streaming output must equal.
func linkifyWhole(in []byte, opts Options) string {
	l := New(opts)
	findAll(in, l.found)
	l.pend = append(l.pend, in...)
	l.read = int64(len(in))
	l.write(true)
	return string(l.out)
}

// findAll calls found for each link of in, as a Linkifier's scanner
// would.
func findAll(in []byte, found func(*textlink.Match)) {
	for _, m := range textlink.Find(in) {
		found(&m)
	}
}

// linkifyRun runs a new Linkifier on in with src pieces of srcSize bytes
// and dst buffers of dstSize bytes (transformtest.Run), and returns the
// output and the Linkifier.
func linkifyRun(t testing.TB, in []byte, opts Options, srcSize, dstSize int) (string, *Linkifier) {
	t.Helper()
	l := New(opts)
	return string(transformtest.Run(t, l, in, srcSize, dstSize)), l
}

func linkifyInputs() []string {
	var ins []string
	for _, tt := range linkifyTests {
		ins = append(ins, tt.in)
	}
	return append(ins,
		strings.Repeat("x ", 3000)+"http://example.com/"+strings.Repeat("a", 5000)+" ok",
		strings.Repeat("é&", 2000)+"mail joe@example.com\n"+strings.Repeat("<", 9000),
	)
}

// TestLinkifyChunks checks that the output does not depend on how the
// input and output are cut (transformtest.Sweep), and that no link is
// found after the Linkifier has let its text go.
func TestLinkifyChunks(t *testing.T) {
	for _, format := range []Format{FormatHTML, FormatMarkdown} {
		opts := u8(Options{Format: format})
		for _, in := range linkifyInputs() {
			want := linkifyWhole([]byte(in), opts)
			if got := String(in, opts); got != want {
				t.Fatalf("String(%.40q) != whole-text reference", in)
			}
			sizes := 200
			if len(in) > 1000 {
				sizes = 20
			}
			if testing.Short() {
				sizes /= 4
			}
			src := transformtest.Sizes(sizes)
			src = append(src, len(in)+1)
			var l *Linkifier
			transformtest.Sweep{
				Name: fmt.Sprintf("%v %.40q", format, in),
				In:   []byte(in),
				New: func() transform.Transformer {
					l = New(opts)
					return l
				},
				Src:  src,
				Dst:  []int{1, 2, 3, 0},
				Want: []byte(want),
				Check: func([]byte) error {
					if l.late != 0 {
						return fmt.Errorf("%d links found after their text was let go", l.late)
					}
					return nil
				},
			}.Run(t)
		}
	}
}

// TestLinkifyLongLinks streams texts whose links are as long as the
// scanner allows, and candidates it must read far ahead for, and checks
// that no link arrives after the Linkifier has let its text go.
func TestLinkifyLongLinks(t *testing.T) {
	max := textlink.MaxLen
	long := func(n int) string { return "http://example.com/" + strings.Repeat("a", n-len("http://example.com/")) }
	ins := []string{
		long(max) + " " + long(max) + " x",
		long(max+1) + " " + long(max-1),
		strings.Repeat("a", max-20) + "@example.com x",
		strings.Repeat("a.", max) + "com",
		strings.Repeat("x", 3*max) + " <" + long(max/2) + "/\n  " + strings.Repeat("b", max/2-50) + ">",
		strings.Repeat("www.", max/4) + "example.com " + strings.Repeat("é", max),
		strings.Repeat("a", max*2) + "." + strings.Repeat("b", max) + ".com/x",
		strings.Repeat("-", 2*max) + "mailto:" + strings.Repeat("a", max-30) + "@example.com",
	}
	for _, in := range ins {
		want := linkifyWhole([]byte(in), u8(Options{}))
		sizes := []int{1, 3, 100, 4095, 4096, 4097, max, max + 1, 3 * max}
		if testing.Short() {
			sizes = sizes[1:]
		}
		for _, size := range sizes {
			got, l := linkifyRun(t, []byte(in), u8(Options{}), size, 1+size%512)
			if got != want || l.late != 0 {
				t.Fatalf("%.40q at size %d: late %d, equal %v", in, size, l.late, got == want)
			}
			if len(l.pend)-l.head > hold+maxChunk {
				t.Errorf("held %d bytes", len(l.pend)-l.head)
			}
		}
	}
}

// TestLinkifyMemory checks that a long text streams through a Linkifier
// holding a bounded amount of it.
func TestLinkifyMemory(t *testing.T) {
	l := New(Options{})
	line := []byte("a line with example.com and <b>&amp; joe@example.org, http://例え.テスト/x\n")
	dst := make([]byte, 1000)
	maxPend, maxOut, total := 0, 0, 0
	for i := 0; i < 20000; i++ {
		src := line
		for len(src) > 0 {
			nDst, nSrc, err := l.Transform(dst, src, false)
			if err != nil && err != transform.ErrShortDst {
				t.Fatal(err)
			}
			total += nDst
			src = src[nSrc:]
			maxPend = max(maxPend, cap(l.pend))
			maxOut = max(maxOut, cap(l.out))
		}
	}
	if maxPend > 4*(hold+maxChunk) || maxOut > 16*(hold+maxChunk) {
		t.Errorf("held %d bytes of input and %d of output", maxPend, maxOut)
	}
	if total < 20000*len(line)-hold-len(line) {
		t.Errorf("wrote only %d bytes before the end", total)
	}
}

// checkLinkifyHTML parses out, the linkified in, with x/net/html and
// checks the invariant of a Linkifier's HTML output: the fragment holds
// text and a elements only, not nested; each a element has an href of an
// allowed scheme whose text is the display form of a link of in; the
// attributes are href, rel, target and dir="ltr" only; and the text
// outside the a elements is in outside the links, with NUL and invalid
// UTF-8 as U+FFFD and line endings as HTML normalizes them.
func checkLinkifyHTML(t *testing.T, in, out string, opts Options) {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatalf("%q: parse: %v", in, err)
	}
	// The links a Linkifier makes, computed from the whole text.
	ref := New(opts)
	findAll([]byte(in), ref.found)
	var text strings.Builder
	k := 0
	var prev int64
	ctl := false // a bidi control before the link in its paragraph
	for _, n := range nodes {
		switch n.Type {
		case html.TextNode:
			text.WriteString(n.Data)
		case html.ElementNode:
			if n.DataAtom != atom.A {
				t.Fatalf("%q: element %s in %q", in, n.Data, out)
			}
			if k >= len(ref.links) {
				t.Fatalf("%q: more a elements than links in %q", in, out)
			}
			m := ref.links[k]
			k++
			ctl = bidiControls([]byte(in[prev:m.Start]), ctl)
			prev = m.End
			var href string
			dir := false
			for _, a := range n.Attr {
				switch {
				case a.Key == "href":
					href = a.Val
				case a.Key == "rel", a.Key == "target":
				case a.Key == "dir" && a.Val == "ltr":
					dir = true
				default:
					t.Fatalf("%q: attribute %s=%q in %q", in, a.Key, a.Val, out)
				}
			}
			if dir != (m.rtl || ctl) {
				t.Fatalf("%q: dir=ltr %v, want %v, in %q", in, dir, m.rtl || ctl, out)
			}
			if href != m.Href || !safeURI(href) {
				t.Fatalf("%q: href %q, want %q", in, href, m.Href)
			}
			c := n.FirstChild
			if m.Text == "" {
				if c != nil {
					t.Fatalf("%q: a element with content %q", in, c.Data)
				}
				continue
			}
			if c == nil || c.Type != html.TextNode || c.NextSibling != nil {
				t.Fatalf("%q: a element content is not text in %q", in, out)
			}
			if want := htmlNormalize(m.Text); c.Data != want {
				t.Fatalf("%q: link text %q, want %q", in, c.Data, want)
			}
		default:
			t.Fatalf("%q: node type %v in %q", in, n.Type, out)
		}
	}
	if k != len(ref.links) {
		t.Fatalf("%q: %d a elements, want %d, in %q", in, k, len(ref.links), out)
	}
	// Text nodes merge across a elements in the builder: compare the
	// whole text outside the links.
	want := outsideLinks(in, ref.links)
	if got := text.String(); got != want {
		t.Fatalf("%.200q: text\n got %.200q\nwant %.200q", in, got, want)
	}
}

// outsideLinks returns the text of in outside the links, each piece
// normalized by htmlNormalize.
func outsideLinks(in string, links []match) string {
	var b strings.Builder
	var prev int64
	for _, m := range links {
		b.WriteString(htmlNormalize(in[prev:m.Start]))
		prev = m.End
	}
	b.WriteString(htmlNormalize(in[prev:]))
	return b.String()
}

// htmlNormalize is what the HTML parser makes of the text s once a
// Linkifier has escaped it: invalid UTF-8 and NUL as U+FFFD, CR LF and CR
// as LF.
func htmlNormalize(s string) string {
	s = validText(s)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

func TestLinkifyParse(t *testing.T) {
	for _, in := range linkifyInputs() {
		checkLinkifyHTML(t, in, String(in, u8(Options{})), u8(Options{}))
		checkLinkifyMarkdown(t, in, String(in, u8(Options{Format: FormatMarkdown})))
	}
}

// checkLinkifyMarkdown reads md, the Markdown linkified from in, and
// checks the invariant of a Linkifier's Markdown output: it is text with
// backslash escapes of ASCII punctuation only, where no "[", "]", "<",
// ">", "!" or "&" stands unescaped except in links written exactly
// [text](<URI>); the link text has no unescaped bracket, parenthesis or
// angle bracket; the URI, its backslash escapes read, is printable ASCII
// of an allowed scheme and the href of the link in; and the
// text outside the links, unescaped, is in outside the links (with NUL and
// invalid UTF-8 as U+FFFD).
func checkLinkifyMarkdown(t *testing.T, in, md string) {
	t.Helper()
	ref := New(Options{Format: FormatMarkdown})
	findAll([]byte(in), ref.found)
	var text strings.Builder
	k := 0
	fail := func(i int, what string) {
		t.Helper()
		t.Fatalf("%.200q: Markdown %s at %d in %.300q", in, what, i, md)
	}
	for i := 0; i < len(md); {
		c := md[i]
		switch c {
		case '\\':
			if i+1 == len(md) || !strings.ContainsRune("\\[]<>!&", rune(md[i+1])) {
				fail(i, "stray backslash")
			}
			text.WriteByte(md[i+1])
			i += 2
		case ']', '<', '>', '!', '&':
			fail(i, "unescaped "+string(c))
		case '[':
			j := i + 1
			for ; j < len(md) && md[j] != ']'; j++ {
				switch md[j] {
				case '\\':
					j++
				case '[', '(', ')', '<', '>', '!', '&', '*', '_', '`', '~':
					fail(j, "unescaped "+string(md[j])+" in link text")
				}
			}
			if !strings.HasPrefix(md[j:], "](<") {
				fail(j, "link without destination")
			}
			var d strings.Builder
			e := j + 3
			for ; e < len(md) && md[e] != '>'; e++ {
				switch md[e] {
				case '\\':
					if e+1 == len(md) || !strings.ContainsRune("\\<>", rune(md[e+1])) {
						fail(e, "stray backslash in destination")
					}
					e++
				case '<':
					fail(e, "unescaped < in destination")
				}
				d.WriteByte(md[e])
			}
			if !strings.HasPrefix(md[e:], ">)") {
				fail(j, "unclosed destination")
			}
			dest := d.String()
			if !safeURI(dest) {
				fail(j, "bad destination "+dest)
			}
			if k >= len(ref.links) || ref.links[k].Href != dest {
				fail(j, "unexpected link "+dest)
			}
			k++
			i = e + 2
		default:
			text.WriteByte(c)
			i++
		}
	}
	if k != len(ref.links) {
		t.Fatalf("%.200q: %d Markdown links, want %d", in, k, len(ref.links))
	}
	var want strings.Builder
	var prev int64
	for _, m := range ref.links {
		want.WriteString(validText(in[prev:m.Start]))
		prev = m.End
	}
	want.WriteString(validText(in[prev:]))
	if got := text.String(); got != want.String() {
		t.Fatalf("%.200q: Markdown text\n got %.200q\nwant %.200q", in, got, want.String())
	}
}

// validText is s with NUL and each byte that is not UTF-8 as U+FFFD (one
// for each byte, as utf8.DecodeRune reads them).
func validText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == 0 {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

func FuzzLinkify(f *testing.F) {
	for _, in := range linkifyInputs() {
		f.Add(in)
	}
	for _, s := range []string{
		`<a href="javascript:alert(1)">x</a>`, `http://x.com/"><script>alert(1)</script>`,
		"http://a.com/'onmouseover='alert(1)", "example.com&quot;&#x3C;", "\r\nexample.com\r",
		"JaVaScRiPt:alert(1)", "https://a.com/\u202Egnp.exe", "mailto:x@y.z?body=<b>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if hasBOM(in) {
			return // TestLinkifyCharsets
		}
		out := String(in, u8(Options{}))
		if !utf8.ValidString(out) {
			t.Fatalf("%q: output not UTF-8", in)
		}
		checkLinkifyHTML(t, in, out, u8(Options{}))
		if want := linkifyWhole([]byte(in), u8(Options{})); out != want {
			t.Fatalf("%q: streamed output differs from the whole-text reference", in)
		}
		size := 1 + len(in)%13
		got, l := linkifyRun(t, []byte(in), u8(Options{}), size, size)
		if got != out || l.late != 0 {
			t.Fatalf("%q at size %d: late %d", in, size, l.late)
		}
		checkLinkifyMarkdown(t, in, String(in, u8(Options{Format: FormatMarkdown})))
	})
}

func BenchmarkLinkify(b *testing.B) {
	var buf bytes.Buffer
	for buf.Len() < 1<<20 {
		buf.WriteString("Some text with a link https://example.com/path?q=1 & <tags>, mail joe@example.org; 例え.テスト.\n")
	}
	in := buf.Bytes()
	out := make([]byte, 64<<10)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	l := New(Options{})
	for b.Loop() {
		l.Reset()
		src := in
		for {
			_, n, err := l.Transform(out, src, true)
			src = src[n:]
			if err == nil {
				break
			}
		}
	}
}

// FuzzLinkifyLong tests the bound a Linkifier relies on, that the scanner
// reports no link starting more than hold bytes before the end of
// what it has read, on texts longer than the hold: each "\x01" of the
// input stands for 4 KiB of "a" and each "\x02" for 4 KiB of "a.", so
// that the fuzzer can build candidates as long as textlink.MaxLen.
func FuzzLinkifyLong(f *testing.F) {
	f.Add("http://example.com/\x01\x01 x", 4096)
	f.Add("\x01@example.com \x02com", 1)
	f.Add("<http://example.com/\x01/\n  \x01>", 100)
	f.Add("\x02\x02\x02\x02www.example.com/\x01\x01\x01\x01", 4097)
	f.Fuzz(func(t *testing.T, in string, size int) {
		if len(in) > 64 || size < 1 || size > 1<<16 {
			return
		}
		in = strings.NewReplacer("\x01", strings.Repeat("a", 4096), "\x02", strings.Repeat("a.", 2048)).Replace(in)
		want := linkifyWhole([]byte(in), u8(Options{}))
		got, l := linkifyRun(t, []byte(in), u8(Options{}), size, 1+size%4099)
		if got != want || l.late != 0 {
			t.Fatalf("%.100q at size %d: late %d, equal %v", in, size, l.late, got == want)
		}
	})
}

// TestLinkifyStats checks what Stats counts: the links made, the links
// left as text for want of a URL, and the candidates dropped for their
// length, at every chunk size.
func TestLinkifyStats(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", textlink.MaxLen)
	in := "see https://example.com/a and b@example.org, not http://a\u200db.example/ nor " + long + " but www.example.net."
	want := Stats{Links: 3, Invalid: 1, Oversize: 1}
	var l *Linkifier
	transformtest.Sweep{
		In: []byte(in),
		New: func() transform.Transformer {
			l = New(Options{})
			return l
		},
		Src: []int{1, 7, 4096, 0},
		Dst: []int{4096, 0},
		Check: func([]byte) error {
			if got := l.Stats(); got != want {
				return fmt.Errorf("stats %+v, want %+v", got, want)
			}
			return nil
		},
	}.Run(t)
	transform.String(l, in)
	l.Reset()
	if got := l.Stats(); got != (Stats{}) {
		t.Errorf("after Reset: %+v", got)
	}
}
