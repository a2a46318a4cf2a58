package rewrite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/textlink"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// textLinks extracts the links of a plain-text document.
func textLinks(t testing.TB, doc []byte, charset string) []found {
	t.Helper()
	var out []found
	x := extract.NewText(extract.Options{Charset: charset}, func(l *extract.Link) error {
		err := l.Err
		if err == nil {
			// A link the URL Standard takes but RFC 3987 cannot map to a
			// URI ("[" in a path, a stray "%") is left as written too.
			ref := strings.Map(dropSpace, l.Value)
			if schemeOf(ref, l.Href) == "" {
				if strings.HasPrefix(l.Href, "mailto:") {
					ref = "mailto:" + ref
				} else {
					ref = "http://" + ref
				}
			}
			_, err = iri.ToURI(ref)
		}
		out = append(out, found{uri: l.Href, off: l.Start, end: l.End, err: err, isTextLink: true})
		return nil
	})
	if _, _, err := transform.Bytes(x, doc); err != nil {
		t.Fatal(err)
	}
	return out
}

// encodeIn returns s in the charset, with a byte order mark for UTF-16.
func encodeIn(t testing.TB, s, charset string) []byte {
	t.Helper()
	if charset == "" || charset == "utf-8" {
		return []byte(s)
	}
	e, err := htmlindex.Get(charset)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(charset, "utf-16") {
		s = "\ufeff" + s
	}
	b, _, err := transform.Bytes(e.NewEncoder(), []byte(s))
	if err != nil {
		t.Fatalf("%q in %s: %v", s, charset, err)
	}
	return b
}

// decodeFrom returns b decoded from the charset.
func decodeFrom(t testing.TB, b []byte, charset string) string {
	t.Helper()
	if charset == "" || charset == "utf-8" {
		return string(b)
	}
	e, err := htmlindex.Get(charset)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := transform.Bytes(e.NewDecoder(), b)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(string(s), "\ufeff")
}

var sameTextURI = (&Text{}).sameURI

// checkTextInvariant checks the promise of Text on one rewrite: the same
// links, meaning the same URLs, and every byte outside them unchanged.
func checkTextInvariant(t testing.TB, what string, doc, out []byte, charset string) {
	t.Helper()
	before, after := textLinks(t, doc, charset), textLinks(t, out, charset)
	if len(before) != len(after) {
		t.Fatalf("%s: %d links before, %d after:\n%q\n%q", what, len(before), len(after), doc, out)
	}
	prevIn, prevOut := int64(0), int64(0)
	for i, b := range before {
		a := after[i]
		if b.err == nil && !sameTextURI(a.uri, b.uri) {
			t.Fatalf("%s: link %d means %q, was %q:\n%q\n%q", what, i, a.uri, b.uri, doc, out)
		}
		if !bytes.Equal(doc[prevIn:b.off], out[prevOut:a.off]) {
			t.Fatalf("%s: bytes before link %d changed:\n%q\n%q", what, i, doc[prevIn:b.off], out[prevOut:a.off])
		}
		prevIn, prevOut = b.end, a.end
	}
	if !bytes.Equal(doc[prevIn:], out[prevOut:]) {
		t.Fatalf("%s: bytes after the last link changed:\n%q\n%q", what, doc[prevIn:], out[prevOut:])
	}
}

func TestText(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("ü", 3000)
	tests := []struct {
		name    string
		opts    Options
		in      string
		want    string // "" for in
		rewrote int
		kept    int
	}{
		{name: "uri: an IRI", opts: Options{To: FormURI}, in: "see http://例え.テスト/パス?q=値.",
			want: "see http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?q=%E5%80%A4.", rewrote: 1},
		{name: "uri: a valid URI stays as written", opts: Options{To: FormURI}, in: "HTTP://Example.COM:80/a/../b?Q=%c3%a9 and mailto:A@B.org"},
		{name: "uri: no scheme stays without", opts: Options{To: FormURI}, in: "at www.bücher.de/päth, ok",
			want: "at www.xn--bcher-kva.de/p%C3%A4th, ok", rewrote: 1},
		{name: "uri: absolute writes the scheme", opts: Options{To: FormURI, Resolve: ResolveAbsolute}, in: "at www.bücher.de/päth, or example.com.",
			want: "at http://www.xn--bcher-kva.de/p%C3%A4th, or http://example.com.", rewrote: 2},
		{name: "uri: relative is keep", opts: Options{To: FormURI, Resolve: ResolveRelative, Options: extract.Options{BaseURL: "http://example.com/a/"}}, in: "http://example.com/a/b and example.com/ü",
			want: "http://example.com/a/b and example.com/%C3%BC", rewrote: 1},
		{name: "uri: an email address stays one", opts: Options{To: FormURI, Resolve: ResolveAbsolute}, in: "write to a@b.org or jörg@bücher.de.",
			want: "write to a@b.org or jörg@xn--bcher-kva.de.", rewrote: 1},
		{name: "uri: mailto", opts: Options{To: FormURI}, in: "mailto:info@пример.рф?subject=Привет!",
			want: "mailto:info@xn--e1afmkfd.xn--p1ai?subject=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82!", rewrote: 1},
		{name: "uri: xmpp", opts: Options{To: FormURI}, in: "xmpp:jörg@bücher.de/phone", want: "xmpp:j%C3%B6rg@xn--bcher-kva.de/phone", rewrote: 1},
		{name: "uri: port and brackets", opts: Options{To: FormURI}, in: "(example.com:8080/wiki/A_(ü)) ok",
			want: "(example.com:8080/wiki/A_(%C3%BC)) ok", rewrote: 1},
		{name: "iri: decoded", opts: Options{To: FormIRI}, in: "https://de.wikipedia.org/wiki/D%C3%BCrst?q=%E5%80%A4#%C3%A9",
			want: "https://de.wikipedia.org/wiki/Dürst?q=値#é", rewrote: 1},
		{name: "iri: what is unsafe stays encoded", opts: Options{To: FormIRI},
			in: "http://example.org/D%FCrst http://xn--pple-43d.com/ http://example.com/%E2%80%AE %2F http://example.com/a%2Fb"},
		{name: "iri: hosts", opts: Options{To: FormIRI}, in: "http://xn--bcher-kva.de/ and www.xn--bcher-kva.de/x",
			want: "http://bücher.de/ and www.bücher.de/x", rewrote: 2},
		{name: "iri: a final full stop stays encoded", opts: Options{To: FormIRI}, in: "http://example.com/%CE%B1%2E http://example.com/a%E3%80%82 end",
			want: "http://example.com/α%2E http://example.com/a%E3%80%82 end", rewrote: 1},
		{name: "iri: brackets", opts: Options{To: FormIRI}, in: "(http://example.com/%CE%B1_(%CE%B2)) and http://example.com/%CE%B1%29)",
			want: "(http://example.com/α_(β)) and http://example.com/α%29)", rewrote: 2},
		{name: "iri: email addresses", opts: Options{To: FormIRI}, in: "a@xn--bcher-kva.de, b@xn--pple-43d.com, mailto:c@xn--bcher-kva.de?subject=%C3%A9",
			want: "a@bücher.de, b@xn--pple-43d.com, mailto:c@bücher.de?subject=é", rewrote: 2},
		{name: "wrapped", opts: Options{To: FormURI}, in: "<http://example.com/a/\n  b/ü> <http://example.com/a/\n  b>",
			want: "<http://example.com/a/b/%C3%BC> <http://example.com/a/\n  b>", rewrote: 1},
		{name: "too long to find again: kept", opts: Options{To: FormURI}, in: long + " and http://example.com/ü",
			want: long + " and http://example.com/%C3%BC", rewrote: 1, kept: 1},
		{name: "right after a long link", opts: Options{To: FormURI}, in: "http://example.com/" + strings.Repeat("a", 30) + ")bücher.de x",
			want: "http://example.com/" + strings.Repeat("a", 30) + ")xn--bcher-kva.de x", rewrote: 1},
		{name: "not links", opts: Options{To: FormURI}, in: "javascript:alert(1) data:text/html,x file:///etc/passwd"},
		// Issue 18 item 6: a link holding a placeholder is left as
		// written; "<" ends a link, "。" too, and so does emphasis.
		{name: "placeholders", opts: Options{To: FormURI}, in: "https://例え.jp/{name}/x https://例え.jp/${X}/y https://例え.jp/$VAR/z https://例え.jp/a",
			want: "https://例え.jp/{name}/x https://例え.jp/${X}/y https://例え.jp/$VAR/z https://xn--r8jz45g.jp/a", rewrote: 1, kept: 3},
		{name: "prose ends", opts: Options{To: FormURI}, in: "uri = https://例え.jp/<domain>/<org> https://例え.jp/路径。谢谢！ **https://例え.jp/bold** https://例え.jp/a[text]",
			want: "uri = https://xn--r8jz45g.jp/<domain>/<org> https://xn--r8jz45g.jp/%E8%B7%AF%E5%BE%84。谢谢！ **https://xn--r8jz45g.jp/bold** https://xn--r8jz45g.jp/a[text]", rewrote: 4},
		{name: "windows-1251 uri", opts: Options{To: FormURI, Options: extract.Options{Charset: "windows-1251"}}, in: "http://пример.рф/путь?q=Ж",
			want: "http://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C?q=%D0%96", rewrote: 1},
		{name: "windows-1251 iri: the query stays as written", opts: Options{To: FormIRI, Options: extract.Options{Charset: "windows-1251"}},
			in:   "http://example.ru/%D0%BF?q=%D0%96 http://example.ru/?q=Ж",
			want: "http://example.ru/п?q=%D0%96 http://example.ru/?q=Ж", rewrote: 1},
		{name: "utf-8 iri: the query is decoded", opts: Options{To: FormIRI}, in: "http://example.ru/?q=%D0%96",
			want: "http://example.ru/?q=Ж", rewrote: 1},
		{name: "windows-1251 iri: what the charset lacks", opts: Options{To: FormIRI, Options: extract.Options{Charset: "windows-1251"}},
			in:   "http://xn--r8jz45g.xn--zckzah/%E6%96%87%D0%96 info@xn--r8jz45g.jp",
			want: "http://xn--r8jz45g.xn--zckzah/%E6%96%87Ж info@xn--r8jz45g.jp", rewrote: 1},
		{name: "shift_jis iri", opts: Options{To: FormIRI, Options: extract.Options{Charset: "shift_jis"}}, in: "http://xn--bcher-kva.de/%E6%96%87%E2%82%AC と http://xn--r8jz45g.jp/",
			want: "http://xn--bcher-kva.de/文%E2%82%AC と http://例え.jp/", rewrote: 2},
		{name: "shift_jis uri", opts: Options{To: FormURI, Options: extract.Options{Charset: "shift_jis"}}, in: "http://例え.jp/パス次。",
			want: "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9%E6%AC%A1。", rewrote: 1},
		{name: "utf-16le", opts: Options{To: FormURI, Options: extract.Options{Charset: "utf-16le"}}, in: "a http://例え.jp/😀 b",
			want: "a http://xn--r8jz45g.jp/%F0%9F%98%80 b", rewrote: 1},
		{name: "utf-16be iri", opts: Options{To: FormIRI, Options: extract.Options{Charset: "utf-16be"}}, in: "a http://example.com/%F0%9F%98%80 b",
			want: "a http://example.com/😀 b", rewrote: 1},
		{name: "iso-2022-jp", opts: Options{To: FormURI, Resolve: ResolveAbsolute, Options: extract.Options{Charset: "iso-2022-jp"}}, in: "日本 www.xn--r8jz45g.jp/~a 日本 http://例え.jp/",
			want: "日本 http://www.xn--r8jz45g.jp/%7Ea 日本 http://例え.jp/", rewrote: 1, kept: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := tt.opts.Charset
			doc := encodeIn(t, tt.in, cs)
			want := tt.want
			if want == "" {
				want = tt.in
			}
			tr := NewText(tt.opts)
			out := transformtest.Run(t, tr, doc, 0, 0)
			if got := decodeFrom(t, out, cs); got != want {
				t.Fatalf("got\n%s\nwant\n%s", got, want)
			}
			st := tr.Stats()
			if st.Rewritten != tt.rewrote || st.Kept != tt.kept || st.Links != len(textLinks(t, doc, cs)) {
				t.Errorf("Stats() = %+v, want %d rewritten and %d kept", st, tt.rewrote, tt.kept)
			}
			checkTextInvariant(t, tt.name, doc, out, cs)
			transformtest.Sweep{
				In:    doc,
				New:   transformtest.Reused(tr),
				Dst:   []int{5},
				Want:  out,
				Check: sameStats(tr, st),
			}.Run(t)
		})
	}
}

// textModes are the modes of the golden files of text.
var textModes = modes[:4] // uri-keep, iri-keep, uri-absolute, iri-absolute

// textDocs returns the plain-text documents of testdata/rewrite by their
// charsets.
func textDocs(t testing.TB) map[string][]byte {
	return globDocs(t, "../testdata/rewrite/text-*.txt", func(path string) string {
		return strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "text-"), ".txt")
	})
}

func TestGoldenText(t *testing.T) {
	for cs, doc := range textDocs(t) {
		for _, m := range textModes {
			opts := m.opts
			opts.Charset = cs
			tr := NewText(opts)
			got := transformtest.Run(t, tr, doc, 0, 0)
			if tr.Charset().Name != cs {
				t.Errorf("text-%s.txt read as %s", cs, tr.Charset().Name)
			}
			if st := tr.Stats(); st.Kept != 0 {
				t.Errorf("text-%s.txt %s: %d links kept", cs, m.name, st.Kept)
			}
			checkGolden(t, m.name, fmt.Sprintf("../testdata/rewrite/text-%s.%s.golden", cs, m.name), got)
		}
	}
}

// TestTextInvariant checks the promise of Text on every document, in every
// mode: the same links at the same places, meaning the same URLs, every
// other byte unchanged; and rewriting twice is rewriting once.
func TestTextInvariant(t *testing.T) {
	for cs, doc := range textDocs(t) {
		for _, m := range textModes {
			opts := m.opts
			opts.Charset = cs
			what := cs + " " + m.name
			once := transformtest.Run(t, NewText(opts), doc, 0, 0)
			checkTextInvariant(t, what, doc, once, cs)
			tr := NewText(opts)
			if twice := transformtest.Run(t, tr, once, 0, 0); !bytes.Equal(twice, once) {
				t.Errorf("%s: a second rewrite changes the document", what)
			}
			if st := tr.Stats(); st.Rewritten != 0 {
				t.Errorf("%s: a second rewrite rewrites %d links", what, st.Rewritten)
			}
		}
	}
}

// TestTextFixtures checks the promise of Text on every plain text of the
// repository (UTS #58's test files, the fixtures of other linkifiers, real
// URLs, mail), in every mode: the invariant, rewriting twice is rewriting
// once, and the only links kept are those extract reports in error (none
// fails the check).
func TestTextFixtures(t *testing.T) {
	var files []string
	filepath.WalkDir("../testdata", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".txt") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 20 {
		t.Fatalf("%d texts", len(files))
	}
	for _, f := range files {
		doc, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cs := ""
		for _, name := range []string{"koi8-r", "windows-1251", "shift_jis"} {
			if strings.Contains(f, name) {
				cs = name
			}
		}
		for _, m := range textModes {
			opts := m.opts
			opts.Charset = cs
			tr := NewText(opts)
			out := transformtest.Run(t, tr, doc, 0, 0)
			what := f + " " + m.name
			checkTextInvariant(t, what, doc, out, tr.Charset().Name)
			if twice := transformtest.Run(t, NewText(opts), out, 0, 0); !bytes.Equal(twice, out) {
				t.Errorf("%s: a second rewrite changes the text", what)
			}
			errs := 0
			for _, l := range textLinks(t, doc, tr.Charset().Name) {
				if l.err != nil {
					errs++
				}
			}
			if st := tr.Stats(); st.Kept != errs {
				t.Errorf("%s: %+v, with %d links in error", what, st, errs)
			}
		}
	}
}

// TestTextChunks checks that the output does not depend on how the input
// is cut nor on the size of dst, and that Reset starts afresh.
func TestTextChunks(t *testing.T) {
	docs := textDocs(t)
	b, err := os.ReadFile("../testdata/text/draft-duerst-iri-bis-07.txt")
	if err != nil {
		t.Fatal(err)
	}
	docs["utf-8 draft"] = b
	for name, doc := range docs {
		cs, _, _ := strings.Cut(name, " ")
		for _, m := range textModes[:2] {
			opts := m.opts
			opts.Charset = cs
			tr := NewText(opts)
			want := transformtest.Run(t, tr, doc, 0, 0)
			st := tr.Stats()
			errs := 0
			for _, l := range textLinks(t, doc, cs) {
				if l.err != nil {
					errs++
				}
			}
			if st.Rewritten == 0 || st.Kept != errs {
				t.Errorf("%s %s: %+v, with %d links in error", name, m.name, st, errs)
			}
			transformtest.Sweep{
				Name: name + " " + m.name,
				In:   doc,
				New:  transformtest.Reused(tr),
				// Not every size: the draft is 117 KB.
				Src:   []int{1, 2, 3, 7, 64, 1023, 1024, 1025},
				Want:  want,
				Check: sameStats(tr, st),
			}.Run(t)
		}
	}
}

// sameStats returns a Check for transformtest.Sweep: the Stats of r are
// want.
func sameStats(r interface{ Stats() Stats }, want Stats) func([]byte) error {
	return func([]byte) error {
		if got := r.Stats(); got != want {
			return fmt.Errorf("Stats() = %+v, want %+v", got, want)
		}
		return nil
	}
}

// TestTextMemory checks the bound on what a Text holds: on a long text
// with few breaks, in UTF-8, windows-1251 and UTF-16, the input held back
// never passes the extractor's lookahead and the window of a check.
func TestTextMemory(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "строка %d http://пример.рф/%d?q=ж,", i, i)
		if i%500 == 0 {
			b.WriteString(strings.Repeat("ж", 20000) + "\n")
		}
	}
	for _, cs := range []string{"utf-8", "windows-1251", "utf-16le"} {
		doc := encodeIn(t, b.String(), cs)
		tr := NewText(Options{To: FormURI, Options: extract.Options{Charset: cs}})
		dst := make([]byte, 4096)
		held := 0
		for src := doc; ; {
			n := min(len(src), 4096)
			_, nSrc, err := tr.Transform(dst, src[:n], n == len(src))
			src = src[nSrc:]
			held = max(held, len(tr.pend))
			if err == nil && n == nSrc && len(src) == 0 {
				break
			}
		}
		// The extractor's lookahead is counted in UTF-8: in UTF-16, two
		// bytes of input may be one of UTF-8.
		limit := 2*textlink.MaxLen + textBefore + textAfter + 2*4096
		if cs == "utf-16le" {
			limit *= 2
		}
		if held > limit {
			t.Errorf("%s: %d bytes held, want at most %d", cs, held, limit)
		}
		if st := tr.Stats(); st.Links < 5000 || st.Rewritten != st.Links {
			t.Errorf("%s: %+v", cs, st)
		}
	}
}

func FuzzText(f *testing.F) {
	for _, doc := range textDocs(f) {
		f.Add(doc, 7, false)
	}
	f.Add([]byte("see www.bücher.de/päth, (http://例え.テスト/パ(ス)) jörg@bücher.de <http://a.com/x\n y>"), 3, true)
	f.Add([]byte("http://example.com/%CE%B1%2E. http://example.com/a%29) mailto:a@b.org?subject=%C3%A9"), 1, true)
	f.Fuzz(func(t *testing.T, doc []byte, chunk int, toIRI bool) {
		if chunk < 1 {
			chunk = 1
		}
		opts := Options{To: FormURI}
		if toIRI {
			opts.To = FormIRI
		}
		tr := NewText(opts)
		once := transformtest.Run(t, tr, doc, 0, 0)
		cs := tr.Charset().Name
		if got := transformtest.Run(t, NewText(opts), doc, chunk, 3); !bytes.Equal(got, once) {
			t.Fatalf("chunk %d: output differs", chunk)
		}
		checkTextInvariant(t, "fuzz", doc, once, cs)
		if opts.To == FormURI {
			// A guessed charset is guessed again (see FuzzRewrite).
			again := Options{To: FormURI, Options: extract.Options{Charset: cs}}
			if tr.Charset().Guessed {
				again.Charset = ""
			}
			tr2 := NewText(again)
			if twice := transformtest.Run(t, tr2, once, 0, 0); tr2.Charset() == tr.Charset() && !bytes.Equal(once, twice) {
				t.Fatalf("rewriting twice changes the text:\n%q\n%q", once, twice)
			}
		}
	})
}

// BenchmarkText rewrites a long plain text (an Internet-Draft: prose with
// URLs and IRIs) to URIs and to IRIs.
func BenchmarkText(b *testing.B) {
	doc, err := os.ReadFile("../testdata/text/draft-duerst-iri-bis-07.txt")
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]byte, 64<<10)
	for _, m := range textModes[:2] {
		b.Run(m.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			tr := NewText(m.opts)
			for b.Loop() {
				tr.Reset()
				for src := doc; ; {
					n := min(len(src), 4096)
					_, nSrc, err := tr.Transform(dst, src[:n], n == len(src))
					src = src[nSrc:]
					if err == nil && nSrc == n && len(src) == 0 {
						break
					}
				}
			}
			b.ReportMetric(float64(tr.Stats().Rewritten), "rewritten")
		})
	}
}
