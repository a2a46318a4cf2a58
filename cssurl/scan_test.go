package cssurl

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// cssTests give CSS and the URLs in it, each written as the URL's text as
// it is in the input, then " => " and the value if it differs, then `"`
// or `'` for a string, "import" and "toolong" as they apply.
var cssTests = []struct {
	in   string
	want []string
}{
	{"", nil},
	{"a{background:url(a.png)}", []string{"a.png"}},
	{"url( a.png )", []string{"a.png"}},
	{"url(\t\na.png\r\n\f)", []string{"a.png"}},
	{"URL(a.png)", []string{"a.png"}},
	{"uRl(a.png)", []string{"a.png"}},
	{`Url(  "a b.png"  )`, []string{`a b.png "`}},
	{`url('x')`, []string{`x '`}},
	{`url(a)url(b)`, []string{"a", "b"}},
	{"background: url(a.png) , url( 'b.png' )", []string{"a.png", `b.png '`}},
	{"url(data:image/png;base64,iVBORw0KGgo=)", []string{"data:image/png;base64,iVBORw0KGgo="}},
	{`url("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>")`, []string{`data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/> "`}},

	// Escapes.
	{`url(a\)b)`, []string{`a\)b => a)b`}},
	{`url(a\29 b)`, []string{`a\29 b => a)b`}},
	{`url(\61 .png)`, []string{`\61 .png => a.png`}},
	{`url(a\ b)`, []string{`a\ b => a b`}},
	{`url(a\20)`, []string{`a\20 => a `}},
	{"url(\\41\r\n)", []string{"\\41\r\n => A"}},
	{"url(\\41\r)", []string{"\\41\r => A"}},
	{`url(\0)`, []string{"\\0 => \ufffd"}},
	{`url(\110000)`, []string{"\\110000 => \ufffd"}},
	{`url(\D800)`, []string{"\\D800 => \ufffd"}},
	{`url(\1234567)`, []string{"\\1234567 => \ufffd7"}},
	{`url(\10FFFF)`, []string{"\\10FFFF => \U0010ffff"}},
	{"url(a\x00b)", []string{"a\x00b => a\ufffdb"}},
	{`url("a\"b")`, []string{`a\"b => a"b "`}},
	{"url('a\\\nb')", []string{"a\\\nb => ab '"}},
	{"url('a\\\r\nb')", []string{"a\\\r\nb => ab '"}},
	{`url("\e9t\E9 ")`, []string{`\e9t\E9  => été "`}},
	{"url(\"\x00\")", []string{"\x00 => \ufffd \""}},
	{`u\72l(x)`, []string{"x"}},
	{`\75 rl(x)`, []string{"x"}},
	{`\55 RL(x)`, []string{"x"}},

	// Cases modeled on those of the css-parsing-tests suite
	// (component_value_list.json), for the url token.
	{"url(\n Fo\u00f4\\030\n!\n)", []string{"Fo\u00f4\\030\n! => Fo\u00f40!"}},
	{`url(a\a b)`, []string{"a\\a b => a\nb"}},
	{`url(a\(b) url(a\'b) url(a\"b)`, []string{`a\(b => a(b`, `a\'b => a'b`, `a\"b => a"b`}},
	{"url(\x00!#$%&*+,-./09:;<=>?@AZ[]^_`az{|}~\u0080\u00a0\u00a2", []string{"\x00!#$%&*+,-./09:;<=>?@AZ[]^_`az{|}~\u0080\u00a0\u00a2 => \ufffd!#$%&*+,-./09:;<=>?@AZ[]^_`az{|}~\u0080\u00a0\u00a2"}},
	{"URL(foo) Url(foo) \u00fbrl(foo) url (foo) url\\ (foo) url(\t 'foo' ", []string{"foo", "foo", "foo '"}},
	{`url('a' b) url('c' d)`, []string{"a '", "c '"}},
	{"url('a\nb) url('c\n", nil},
	{"<!------>url(x)", []string{"x"}},
	{"@media print { (foo]{bar) }baz url(x) image-set(\"y\")", []string{"x", `y "`}},

	// Unterminated at the end.
	{`url(a`, []string{"a"}},
	{`url(  a  `, []string{"a"}},
	{`url(a\`, []string{"a\\ => a\ufffd"}},
	{`url(a\)`, []string{`a\) => a)`}},
	{`url(a\4`, []string{`a\4 => a` + "\x04"}},
	{`url("a`, []string{`a "`}},
	{`url("a\`, []string{`a\ => a "`}},
	{`url("a\4`, []string{`a\4 => a` + "\x04" + ` "`}},
	{`@import "a.css`, []string{`a.css " import`}},

	// Bad URLs and strings are no URLs.
	{`url(a b)`, nil},
	{`url(a"b) url(c)`, []string{"c"}},
	{`url(a'b) url(c)`, []string{"c"}},
	{`url(a(b) url(c)`, []string{"c"}},
	{"url(a\x01b) url(c)", []string{"c"}},
	{"url(a\x7fb) url(c)", []string{"c"}},
	{"url(a\vb) url(c)", []string{"c"}},
	{"url(a\\\nb) url(c)", []string{"c"}},
	{`url(a b\) url(c)) url(d)`, []string{"d"}},
	{"url(\"a\nb) url(c)", []string{"c"}},
	{"url(\"a\nb\") url(c)", nil}, // the second " starts a string
	{"image-set(\"a\n\", \"b\") url(c)", nil},
	{"image-set(\"a\n, \"b\") url(c)", []string{"c"}},
	{`url()`, nil},
	{`url( )`, nil},
	{`url("")`, nil},
	{`url('' )`, nil},

	// Not URLs: comments, other strings, other tokens.
	{`/* url(x) */ url(y)`, []string{"y"}},
	{`/* url(x) ** / */ url(y)`, []string{"y"}},
	{`/* url(x)`, nil},
	{`"url(x)" 'url(x)' url(y)`, []string{"y"}},
	{`content: "a.png"`, nil},
	{`my-url(x) #url(x) @url(x) 5url(x) 1.5url(x) 1e3url(x) -url(x) --url(x) url (x) _url(x)`, nil},
	{`.url(x) +url(y) 1.url(z)`, []string{"x", "y", "z"}},
	{`#/**/url(x)`, []string{"x"}},
	{`<!--url(x)-->url(y)`, []string{"x", "y"}},
	{`<!---url(x)`, nil},
	{"\\\nurl(x)", []string{"x"}},
	{`a/url(x)`, []string{"x"}},
	{`font: 12px/url(x)`, []string{"x"}},

	// @import.
	{`@import "a.css";`, []string{`a.css " import`}},
	{`@import 'a.css' screen;`, []string{`a.css ' import`}},
	{`@import url(b.css) screen;`, []string{"b.css import"}},
	{`@import url("c.css");`, []string{`c.css " import`}},
	{`@IMPORT 'd.css'`, []string{`d.css ' import`}},
	{`@\69mport 'd.css'`, []string{`d.css ' import`}},
	{`@import/**/"e.css" layer(x) supports(display: grid);`, []string{`e.css " import`}},
	{`@import  ; "x"`, nil},
	{`@import x "y"`, nil},

	// Without "(" and quotes (Find's first test), no URL: not with an
	// escaped parenthesis, which belongs to the name, nor at-rules.
	{"text-align: left; margin: 0 auto", nil},
	{`url\28 a.png\29`, nil},
	{`u\72l\28 a.png\29`, nil},
	{`@import b.css;`, nil},
	{`@import url\(b.css\);`, nil},
	{`@imports "x"`, nil},
	{`@import "a"; url(b) "c"`, []string{`a " import`, "b"}},

	// @namespace names are not links.
	{`@namespace svg url(http://www.w3.org/2000/svg); a{b:url(x)}`, []string{"x"}},
	{`@namespace url(http://a/*); x{y:url(z)}`, []string{"z"}},
	{`@namespace "http://a"; x{y:url("z")}`, []string{`z "`}},

	// Functions whose strings are URLs.
	{`background-image: image-set("a.png" 1x, "b.png" 2x, url(c.png) 3x)`, []string{`a.png "`, `b.png "`, "c.png"}},
	{`-webkit-image-set("a.png" 1x)`, []string{`a.png "`}},
	{`IMAGE-SET('a.png' 1x)`, []string{`a.png '`}},
	{`image-set("a.avif" type("image/avif"), "b.jpg" type("image/jpeg"))`, []string{`a.avif "`, `b.jpg "`}},
	{`image("a.png", red) src("b.png")`, []string{`a.png "`, `b.png "`}},
	{`image-set(("x") "y")`, []string{`y "`}},
	{`image-set([ ) "x" ] "y")`, []string{`y "`}},
	{`src: url(x.woff2) format("woff2"), local("Arial")`, []string{"x.woff2"}},
	{`my-image-set("x")`, nil},
	{`#image-set("x")`, nil},
	{`image-set ("x")`, nil},
}

func formatCSSURL(css string, u URL) string {
	raw := css[u.Start:u.End]
	s := raw
	if u.Value != raw && !u.Oversize {
		s += " => " + u.Value
	}
	if u.Quote != 0 {
		s += " " + string(u.Quote)
	}
	if u.Import {
		s += " import"
	}
	if u.Oversize {
		s += " toolong"
	}
	return s
}

// scanCSS runs a Scanner over css in chunks of the given sizes (the
// last size repeating), with the stream starting at offset base, and
// returns what it reports, with offsets made relative to css.
func scanCSS(t testing.TB, css string, base int64, max int, sizes ...int) []URL {
	s := Scanner{MaxURLLen: max}
	var got []URL
	fn := func(u URL) {
		u.Start -= base
		u.End -= base
		got = append(got, u)
	}
	b := []byte(css)
	for i, k := 0, 0; i < len(b); k++ {
		size := sizes[min(k, len(sizes)-1)]
		end := min(i+size, len(b))
		s.Feed(b[i:end], base+int64(i), fn)
		if p, ok := s.Pending(); ok {
			if p-base < 0 || p-base > int64(end) || (len(got) > 0 && p < got[len(got)-1].End+base) {
				t.Fatalf("%q: Pending = %d after writing [%d:%d]", css, p-base, i, end)
			}
		}
		i = end
	}
	s.Close(fn)
	return got
}

// checkCSSURLs checks that the spans are in range, ordered, and slice to
// the URL's text.
func checkCSSURLs(t testing.TB, css string, urls []URL) {
	t.Helper()
	prev := int64(0)
	for i, u := range urls {
		if u.Start < prev || u.Start >= u.End || u.End > int64(len(css)) {
			t.Fatalf("%q: URL %d: span [%d:%d] out of order (previous end %d)", css, i, u.Start, u.End, prev)
		}
		if u.Value == "" && !u.Oversize {
			t.Fatalf("%q: URL %d: empty", css, i)
		}
		raw := css[u.Start:u.End]
		if u.Quote == 0 && strings.TrimLeft(raw, " \t\r\n\f") != raw {
			t.Fatalf("%q: URL %d: %q starts with whitespace", css, i, raw)
		}
		prev = u.End
	}
}

func TestFind(t *testing.T) {
	for _, tt := range cssTests {
		var urls []URL
		Find([]byte(tt.in), func(u URL) { urls = append(urls, u) })
		checkCSSURLs(t, tt.in, urls)
		var got []string
		for _, u := range urls {
			got = append(got, formatCSSURL(tt.in, u))
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tt.want) {
			t.Errorf("Find(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestScannerChunks checks that every chunk size, and random chunkings,
// give what the whole text gives, at any stream offset.
func TestScannerChunks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tt := range cssTests {
		want := scanCSS(t, tt.in, 0, 0, len(tt.in)+1)
		for size := 1; size <= len(tt.in); size++ {
			got := scanCSS(t, tt.in, 1000, 0, size)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%q in chunks of %d:\n got %v\nwant %v", tt.in, size, got, want)
			}
		}
		for range 20 {
			var sizes []int
			for range len(tt.in) {
				sizes = append(sizes, 1+r.IntN(4))
			}
			sizes = append(sizes, 1)
			got := scanCSS(t, tt.in, 7, 0, sizes...)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%q in chunks of %v:\n got %v\nwant %v", tt.in, sizes, got, want)
			}
		}
	}
}

func TestScannerTooLong(t *testing.T) {
	long := strings.Repeat("x", 100)
	tests := []struct {
		in   string
		max  int
		want []string
	}{
		{"url(" + long + ") url(y)", 100, []string{long, "y"}},
		{"url(" + long + ") url(y)", 99, []string{long + " toolong", "y"}},
		{"url('" + long + "') url(y)", 99, []string{long + " ' toolong", "y"}},
		{"url(" + long + `\41) url(y)`, 101, []string{long + `\41 toolong`, "y"}},
		{"url(" + long, 50, []string{long + " toolong"}},
		{`url("` + long, 50, []string{long + ` " toolong`}},
		{"url(" + long + " )", 100, []string{long}},
	}
	for _, tt := range tests {
		for size := 1; size <= len(tt.in); size++ {
			var got []string
			for _, u := range scanCSS(t, tt.in, 0, tt.max, size) {
				got = append(got, formatCSSURL(tt.in, u))
			}
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tt.want) {
				t.Fatalf("%q (max %d) in chunks of %d:\n got %q\nwant %q", tt.in, tt.max, size, got, tt.want)
			}
		}
	}
}

func TestScannerPending(t *testing.T) {
	// Each chunk is written in turn; after it, Pending must give the
	// offset of the marked text, if any.
	steps := []struct{ chunk, pending string }{
		{"a { background: ur", ""},
		{"l(  ", ""},
		{"img/a", "img/a.png"},
		{".png", "img/a.png"},
		{") ", ""},
		{`content: "x`, ""},
		{`" ; @import "`, "a.css"},
		{`a.css`, "a.css"},
		{`"`, ""},
	}
	var all string
	for _, st := range steps {
		all += st.chunk
	}
	var s Scanner
	fn := func(URL) {}
	off := int64(0)
	for _, st := range steps {
		s.Feed([]byte(st.chunk), off, fn)
		off += int64(len(st.chunk))
		p, ok := s.Pending()
		want := int64(strings.Index(all, st.pending))
		if st.pending == "" {
			want = -1
		}
		if !ok {
			p = -1
		}
		if p != want {
			t.Errorf("after %q: Pending = %d, want %d", st.chunk, p, want)
		}
	}
}

func TestFindAllocs(t *testing.T) {
	css := []byte(`a { color: red; font: 12px/1.5 "Helvetica Neue", sans-serif; margin: 0 auto } /* no links */`)
	if n := testing.AllocsPerRun(100, func() { Find(css, func(URL) {}) }); n != 0 {
		t.Errorf("Find of CSS without links allocates %v times", n)
	}
}

// rewriteCSS replaces each URL's span with u0, u1, …
func rewriteCSS(css string, urls []URL) string {
	var b strings.Builder
	prev := int64(0)
	for i, u := range urls {
		b.WriteString(css[prev:u.Start])
		fmt.Fprintf(&b, "u%d", i)
		prev = u.End
	}
	b.WriteString(css[prev:])
	return b.String()
}

func FuzzCSS(f *testing.F) {
	for _, tt := range cssTests {
		f.Add(tt.in, []byte{1, 3, 2})
	}
	f.Fuzz(func(t *testing.T, css string, cuts []byte) {
		var whole []URL
		Find([]byte(css), func(u URL) { whole = append(whole, u) })
		checkCSSURLs(t, css, whole)

		sizes := []int{len(css) + 1}
		if len(cuts) > 0 {
			sizes = sizes[:0]
			for _, c := range cuts {
				sizes = append(sizes, 1+int(c)%16)
			}
		}
		if got := scanCSS(t, css, 12345, 0, sizes...); fmt.Sprint(got) != fmt.Sprint(whole) {
			t.Fatalf("%q in chunks of %v:\n got %v\nwant %v", css, sizes, got, whole)
		}

		// Rewriting every span gives the same URLs with the new values.
		w := rewriteCSS(css, whole)
		var again []URL
		Find([]byte(w), func(u URL) { again = append(again, u) })
		if len(again) != len(whole) {
			t.Fatalf("rewrote %q to %q: %d URLs, then %d", css, w, len(whole), len(again))
		}
		for i := range whole {
			if again[i].Value != fmt.Sprintf("u%d", i) || again[i].Quote != whole[i].Quote || again[i].Import != whole[i].Import {
				t.Fatalf("rewrote %q to %q: URL %d was %+v, is %+v", css, w, i, whole[i], again[i])
			}
		}
	})
}

// benchCSS is a style sheet as sites write them, with a few URLs among
// many declarations.
var benchCSS = func() []byte {
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, ".c%d > a:hover, .c%d .btn-primary { color: #%06x; margin: 0 auto; padding: 4px 8px; font: 14px/1.5 \"Helvetica Neue\", Arial, sans-serif; }\n", i, i, i*997)
		if i%10 == 0 {
			fmt.Fprintf(&b, ".bg%d { background: url(/img/bg-%d.png) no-repeat; background-image: image-set(\"/img/a%d.avif\" 1x, url('/img/a%d@2x.png') 2x) } /* sprite %d */\n", i, i, i, i, i)
		}
	}
	return []byte(b.String())
}()

func BenchmarkFind(b *testing.B) {
	b.SetBytes(int64(len(benchCSS)))
	b.ReportAllocs()
	for b.Loop() {
		Find(benchCSS, func(URL) {})
	}
}

func BenchmarkScanner4K(b *testing.B) {
	b.SetBytes(int64(len(benchCSS)))
	b.ReportAllocs()
	var s Scanner
	fn := func(URL) {}
	for b.Loop() {
		for i := 0; i < len(benchCSS); i += 4096 {
			s.Feed(benchCSS[i:min(i+4096, len(benchCSS))], int64(i), fn)
		}
		s.Close(fn)
	}
}

func TestAppend(t *testing.T) {
	tests := []struct {
		url   string
		quote byte
		want  string
	}{
		{"a.png", 0, "a.png"},
		{"a b(c)", 0, `a\ b\(c\)`},
		{`a"b'c\d`, 0, `a\"b\'c\\d`},
		{"a\nb\tc\x01d\x7f", 0, `a\a b\9 c\1 d\7f `},
		{"a\x00b", 0, "a\ufffdb"},
		{`a"b'c\d`, '"', `a\"b'c\\d`},
		{`a"b'c\d`, '\'', `a"b\'c\\d`},
		{"a\nb\r\fc (d)", '"', `a\a b\d \c c (d)`},
		{"é", 0, "é"},
	}
	for _, tt := range tests {
		if got := string(Append(nil, tt.url, tt.quote)); got != tt.want {
			t.Errorf("Append(%q, %q) = %q, want %q", tt.url, tt.quote, got, tt.want)
		}
	}
}

func FuzzAppend(f *testing.F) {
	f.Add("a b(c)\"'\\\n\x01é")
	f.Fuzz(func(t *testing.T, url string) {
		if url == "" {
			return
		}
		want := strings.ReplaceAll(url, "\x00", "\ufffd")
		for _, form := range []struct {
			open, close string
			quote       byte
		}{
			{"a{b:url(", ")}", 0},
			{"url( ", " ) x", 0},
			{`url("`, `")`, '"'},
			{`@import '`, `';`, '\''},
		} {
			css := form.open + string(Append(nil, url, form.quote)) + form.close
			var got []URL
			Find([]byte(css), func(u URL) { got = append(got, u) })
			if len(got) != 1 || got[0].Value != want || got[0].Quote != form.quote {
				t.Fatalf("%q written as %q: found %+v", url, css, got)
			}
		}
	})
}
