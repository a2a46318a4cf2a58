package linkify

import (
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// a returns the a element an HTML linkifier writes with DefaultRel.
func a(href, text string) string {
	return `<a href="` + href + `"` + rel + `>` + text + `</a>`
}

var htmlTests = []struct {
	name, in, want string
}{
	{"empty", "", ""},
	{"no links", "<p>just text, 1.5 &amp; a.b</p>", "<p>just text, 1.5 &amp; a.b</p>"},
	{"text", "<p>See example.com/a?b=1&amp;c=2, or mail joe@example.com.</p>",
		"<p>See " + a("http://example.com/a?b=1&amp;c=2", "example.com/a?b=1&amp;c=2") + ", or mail " + a("mailto:joe@example.com", "joe@example.com") + ".</p>"},
	{"bytes kept", "<P CLASS=x>Go to HTTPS://Example.COM/&#x41;&#66;&lt;x</P>",
		"<P CLASS=x>Go to " + a("https://example.com/AB", "HTTPS://Example.COM/&#x41;&#66;") + "&lt;x</P>"},
	{"whole document", "<!DOCTYPE html><html><head><title>www.t.com</title><style>a{background:url(http://s.com/)}</style></head><body>www.b.com</body></html>",
		"<!DOCTYPE html><html><head><title>www.t.com</title><style>a{background:url(http://s.com/)}</style></head><body>" + a("http://www.b.com/", "www.b.com") + "</body></html>"},
	{"in a", `<a href="/x">see http://in.a/ </a>http://out.a/`, `<a href="/x">see http://in.a/ </a>` + a("http://out.a/", "http://out.a/")},
	{"a without href", `<a name="x">http://in.a/</a>`, `<a name="x">http://in.a/</a>`},
	{"a ended by a", `<a>x<a>http://in.a/</a>http://out.a/`, `<a>x<a>http://in.a/</a>` + a("http://out.a/", "http://out.a/")},
	{"a self-closing", `<a/>http://in.a/</a>http://out.a/`, `<a/>http://in.a/</a>` + a("http://out.a/", "http://out.a/")},
	{"a unclosed", `<a href=x>http://in.a/ <p>http://in.a/`, `<a href=x>http://in.a/ <p>http://in.a/`},
	{"code elements", "<pre>http://x.com</pre><code>setup.py</code><kbd>a.sh</kbd><samp>a@b.co</samp><tt>x.io</tt><listing>y.io</listing>z.io",
		"<pre>http://x.com</pre><code>setup.py</code><kbd>a.sh</kbd><samp>a@b.co</samp><tt>x.io</tt><listing>y.io</listing>" + a("http://z.io/", "z.io")},
	{"nested code", "<pre><b>x.io</b><code>y.io</code>z.io</pre>w.io", "<pre><b>x.io</b><code>y.io</code>z.io</pre>" + a("http://w.io/", "w.io")},
	{"end tag of another element", "<noscript></template>x.io</noscript><pre></code>y.io</pre>z.io",
		"<noscript></template>x.io</noscript><pre></code>y.io</pre>" + a("http://z.io/", "z.io")},
	{"code self-closing", "<code/>x.io</code>w.io", "<code/>x.io</code>" + a("http://w.io/", "w.io")},
	{"raw text", "<script>x='http://s.com/'</script><style>/* http://s.com */</style><textarea>http://t.com</textarea><xmp>http://x.com</xmp><iframe>http://i.com</iframe><noembed>http://n.com</noembed><noframes>http://f.com</noframes>",
		"<script>x='http://s.com/'</script><style>/* http://s.com */</style><textarea>http://t.com</textarea><xmp>http://x.com</xmp><iframe>http://i.com</iframe><noembed>http://n.com</noembed><noframes>http://f.com</noframes>"},
	{"plaintext", "w.io<plaintext>http://p.com</plaintext>", a("http://w.io/", "w.io") + "<plaintext>http://p.com</plaintext>"},
	{"controls", "<button>b.io</button><select><option>o.io</option></select><datalist><option>d.io</option></datalist><label>l.io</label>",
		"<button>b.io</button><select><option>o.io</option></select><datalist><option>d.io</option></datalist><label>" + a("http://l.io/", "l.io") + "</label>"},
	{"noscript and template", "<noscript>n.io</noscript><template>t.io</template>w.io", "<noscript>n.io</noscript><template>t.io</template>" + a("http://w.io/", "w.io")},
	{"foreign", "<svg><text>s.io</text><foreignObject>f.io<svg>g.io</svg>h.io</foreignObject></svg><math><mi>m.io</mi><mtext>t.io</mtext></math>w.io<svg/>v.io",
		"<svg><text>s.io</text><foreignObject>f.io<svg>g.io</svg>h.io</foreignObject></svg><math><mi>m.io</mi><mtext>t.io</mtext></math>" + a("http://w.io/", "w.io") + "<svg/>" + a("http://v.io/", "v.io")},
	{"attributes and comments", `<img alt="http://a.com" title=b.com><!-- http://c.com --><?php http://d.com ?><![CDATA[http://e.com]]>`,
		`<img alt="http://a.com" title=b.com><!-- http://c.com --><?php http://d.com ?><![CDATA[http://e.com]]>`},
	{"across tags", "<p>http://a.com<b>/x</b>/y", "<p>" + a("http://a.com/", "http://a.com") + "<b>/x</b>/y"},
	{"javascript", "javascript:alert(1) &#106;avascript:alert(1) vbscript:x data:text/html,x",
		"javascript:alert(1) &#106;avascript:alert(1) vbscript:x data:text/html,x"},
	{"quote", `http://a.com/"onmouseover=alert(1)// http://b.com/&quot;x=1 http://c.com/'y`,
		a("http://a.com/%22onmouseover=alert(1)//", `http://a.com/"onmouseover=alert(1)//`) + " " + a("http://b.com/%22x=1", "http://b.com/&quot;x=1") + " " + a("http://c.com/&#39;y", "http://c.com/'y")},
	{"angle brackets", "&lt;http://a.com/x&gt; <http://b.com/>", "&lt;" + a("http://a.com/x", "http://a.com/x") + "&gt; <http://b.com/>"},
	{"uri href", "https://en.wikipedia.org/wiki/Blur_[band] www.mystore.com/30%OffCoupons http://e.com/a|b",
		a("https://en.wikipedia.org/wiki/Blur_%5Bband%5D", "https://en.wikipedia.org/wiki/Blur_[band]") + " " + a("http://www.mystore.com/30%25OffCoupons", "www.mystore.com/30%OffCoupons") + " " + a("http://e.com/a%7Cb", "http://e.com/a|b")},
	{"uri href, references", "http://e.com/a&#124;b&#x5B;c&#93;d",
		a("http://e.com/a%7Cb%5Bc%5Dd", "http://e.com/a&#124;b&#x5B;c&#93;d")},
	{"display", "http://xn--r8jz45g.xn--zckzah/%E3%83%91 https://例え.テスト/パス",
		a("http://xn--r8jz45g.xn--zckzah/%E3%83%91", "http://例え.テスト/パ") + " " + a("https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9", "https://例え.テスト/パス")},
	{"rtl", "رابط https://مثال.إختبار/مسار", "رابط " + `<a href="https://xn--mgbh0fb.xn--kgbechtv/%D9%85%D8%B3%D8%A7%D8%B1"` + rel + ` dir="ltr">https://مثال.إختبار/مسار</a>`},
	{"override", "<p>a.co</p><p>&#x202E;http://x.co/moc.knab//:sptth</p>b.co",
		"<p>" + a("http://a.co/", "a.co") + "</p><p>&#x202E;" + `<a href="http://x.co/moc.knab//:sptth"` + rel + ` dir="ltr">http://x.co/moc.knab//:sptth</a></p>` +
			a("http://b.co/", "b.co")},
	{"override in a paragraph", "<p>&#x202E;<b>x</b> a.co<br>b.co <i>&#x2067;</i><span>c.co</span></p>d.co",
		"<p>&#x202E;<b>x</b> " + `<a href="http://a.co/"` + rel + ` dir="ltr">a.co</a><br>` + a("http://b.co/", "b.co") + ` <i>&#x2067;</i><span>` +
			`<a href="http://c.co/"` + rel + ` dir="ltr">c.co</a></span></p>` + a("http://d.co/", "d.co")},
	{"override as written", "\u202Dhttp://x.co/", "\u202D" + `<a href="http://x.co/"` + rel + ` dir="ltr">http://x.co/</a>`},
	{"table text", "<table>http://t.co/<tr><td>http://d.co/</td></tr></table>",
		"<table>http://t.co/<tr><td>" + a("http://d.co/", "http://d.co/") + "</td></tr></table>"},
	{"table text, nested", "<table><tr><td>a.co<table>b.co<td>c.co</table>d.co<td>e.co</table>f.co<table> g.co",
		"<table><tr><td>" + a("http://a.co/", "a.co") + "<table>b.co<td>" + a("http://c.co/", "c.co") + "</table>" + a("http://d.co/", "d.co") +
			"<td>" + a("http://e.co/", "e.co") + "</table>" + a("http://f.co/", "f.co") + "<table> g.co"},
	{"wrapped", "&lt;http://e.com/very/\n  long&gt;", "&lt;" + a("http://e.com/very/long", "http://e.com/very/\n  long") + "&gt;"},
	{"nul", "a\x00b.io", "a\x00" + a("http://b.io/", "b.io")},
}

func TestHTML(t *testing.T) {
	for _, tt := range htmlTests {
		opts := Options{Charset: "utf-8"}
		transformtest.Sweep{
			Name: tt.name,
			In:   []byte(tt.in),
			New:  func() transform.Transformer { return NewHTML(opts) },
			Want: []byte(tt.want),
		}.Run(t)
		// Idempotent: the links made are in a elements.
		if again := HTMLString(tt.want, opts); again != tt.want {
			t.Errorf("%s: linkified again:\n got %q\nwant %q", tt.name, again, tt.want)
		}
	}
}

// TestHTMLLong runs an HTML linkifier over long documents at a sample of
// chunk sizes: an HTML mail, a forum thread, and a run of text longer
// than the 64 KiB that is searched at once, with a bidi control far
// before the links it isolates. The links made are those of the whole
// document however it is cut, and the output linkified again is the
// same.
func TestHTMLLong(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile("testdata/chromium/pages/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	longRun := "<p>&#x202E;" + strings.Repeat("Lorem ipsum dolor sit amet, see www.example.com/page?id=42&amp;x=1 and mail joe@example.com. ", 1000) + "</p>"
	for _, c := range []struct {
		name, doc string
		links     int
	}{
		{"mail", read("mail-linkifyjs-email.html"), 1},
		{"forum", strings.Repeat(read("forum-phpbb.html")+read("forum-discourse.html"), 20), 440},
		{"long run", longRun, 1998},
	} {
		h := NewHTML(Options{})
		want := HTMLString(c.doc, Options{})
		transform.String(h, c.doc)
		if h.Stats().Links < c.links {
			t.Errorf("%s: %d links, want %d or more", c.name, h.Stats().Links, c.links)
		}
		transformtest.Sweep{
			Name: c.name,
			In:   []byte(c.doc),
			New:  func() transform.Transformer { return NewHTML(Options{}) },
			Want: []byte(want),
			// Long inputs: a few sizes, one of them tiny (TestHTML
			// runs them all on short ones).
			Src: []int{3, 1000, 4093, 65537, 0},
			Dst: []int{7, 0},
		}.Run(t)
		if again := HTMLString(want, Options{}); again != want {
			t.Errorf("%s: linkified again, differs", c.name)
		}
	}
	if out := HTMLString(longRun, Options{}); strings.Count(out, `dir="ltr"`) < 1990 {
		t.Errorf("long run: %d links isolated after the bidi control", strings.Count(out, `dir="ltr"`))
	}
}
