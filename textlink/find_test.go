package textlink

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/internal/transformtest"
)

// findCases are marked like the UTS #58 test file: ⸠link⸡. A case whose
// link has a Value other than its text, or a scheme or email flag to check,
// says so in the other fields.
var findCases = []struct {
	marked string
	value  string // the Value of the first link, when it differs from Raw
	scheme string // the Scheme of the first link, if checked
	email  bool   // the Email of the first link
}{
	// No links.
	{marked: ""},
	{marked: "no links here. None: at all."},
	{marked: "version 1.2.3 and 3.14 and e.g. this"},
	{marked: "example.invalid and file.txt are not links"},
	{marked: "a..b.com and -a.com and a-.com"},

	// Domain names, with and without scheme.
	{marked: "see ⸠example.com⸡.", scheme: ""},
	{marked: "see ⸠www.example.com/path⸡, and more"},
	{marked: "⸠https://example.com/Bücher/日本語?q=ü#frag⸡", scheme: "https"},
	{marked: "⸠HTTP://EXAMPLE.COM/⸡", scheme: "http"},
	{marked: "(⸠https://en.wikipedia.org/wiki/Go_(programming_language)⸡)"},
	{marked: "日本語の⸠https://example.jp/ページ⸡。 次の⸠https://example.jp/ページ⸡、です"},

	// Issue 18 item 6: ends of links that would damage prose.
	// Placeholders: an ASCII "<" ends a path, query or fragment.
	{marked: "uri = ⸠https://eastus.example.com/⸡<domain>/<org>/<repo>"},
	{marked: "⸠https://example.com/a⸡<b> ⸠https://example.com/?q=⸡<x> ⸠https://example.com/#⸡<f>"},
	// CJK sentence punctuation ends a path: 。 、 and their halfwidth forms.
	{marked: "⸠https://例子.测试/路径⸡。谢谢！"},
	{marked: "⸠https://例子.测试/路径⸡、谢谢 ⸠https://例子.测试/a⸡｡b ⸠https://例子.测试/a⸡､b"},
	// Emphasis delimiters around a link are markup.
	{marked: "**⸠https://example.com/bold⸡** *⸠https://example.com/it⸡* _⸠http://foo.com/bar⸡_ ~~⸠https://example.com/s⸡~~"},
	{marked: "⸠https://example.com/a**b**⸡ **⸠https://example.com/a*b⸡**."},
	// AsciiDoc link text.
	{marked: "see ⸠https://x.org/a⸡[text] and ⸠https://git-scm.com/docs/git-config⸡[git-config] ok"},
	{marked: "⸠https://x.org/a/⸡[Some text, here] ⸠x.org/a⸡[t]"},
	// Brackets that are not AsciiDoc link text stay in the link (issue 19 item 15).
	{marked: "⸠https://en.wikipedia.org/wiki/Blur_[band]⸡ ⸠https://x.org/?a[0]=1⸡ ⸠https://x.org/#x[1]⸡ ⸠http://foo.com/path_[even]-[more]⸡"},

	// Issue 19 item 17: the domain of an address ends it; what follows
	// starts the next one (UTS #58 scans again after each link).
	{marked: "⸠alice@example.org⸡⸠|bob@example.org⸡", email: true},
	{marked: "⸠alice@example.org⸡⸠+bob@example.org⸡ ⸠alice@example.org⸡⸠&bob@example.org⸡"},
	{marked: "⸠alice@example.org⸡'⸠bob@example.org⸡ ⸠alice@example.org⸡⸠}bob@example.org⸡"},
	{marked: "⸠a@b.com⸡@c.com ⸠info.de@gmx.de⸡ ⸠info.de+x@gmx.de⸡"},
	{marked: "⸠http://localhost:8080/x⸡ ⸠http://192.168.0.1/⸡ ⸠http://[::1]:80/⸡"},
	{marked: "⸠http://intranet⸡ but not intranet/x"},
	{marked: "⸠example.com:8080/a⸡ and example.com:123456 and ⸠example.com⸡: done"},
	{marked: "⸠ftp://ftp.example.org/pub/⸡", scheme: "ftp"},
	{marked: "⸠irc://irc.libera.chat/#go-nuts⸡", scheme: "irc"},
	{marked: "⸠普遍适用测试。我爱你⸡ and ⸠ＥＸＡＭＰＬＥ．ＣＯＭ⸡"},
	{marked: "⸠example.com⸡😎 example.com_bar ⸠my_module.py⸡ ⸠gcs_test_env.storage.googleapis.com/f⸡"},
	{marked: "⸠example.com⸡... ⸠https://example.com⸡... ⸠example.com./a⸡"},
	{marked: "**⸠https://example.com⸡** _⸠example.org⸡_"},

	// Bidi formatting characters, controls and white space end a link.
	{marked: "⸠https://example.com/a⸡\u202eb ⸠https://example.com/c⸡\u2066d ⸠http://example.com/e⸡\u00a0f"},
	{marked: "⸠https://example.com/a⸡\x00b ⸠https://example.com/c⸡\u3000d"},
	// A non-ASCII character never ends a link by itself.
	{marked: "⸠https://example.com/αβγ⸡ ⸠https://example.com/(日本)⸡"},
	// Invalid UTF-8 ends a link.
	{marked: "⸠https://example.com/a⸡\xffb"},

	// Email addresses.
	{marked: "mail ⸠john.doe@example.com⸡.", email: true},
	{marked: "⸠mailto:john@example.com?subject=hi%20there⸡.", scheme: "mailto", email: true},
	{marked: "⸠MAILTO:John@Example.COM⸡", scheme: "mailto", email: true},
	{marked: "⸠xmpp:alice@example.com⸡ ⸠xmpp:example.org⸡", scheme: "xmpp"},
	{marked: "⸠info.de@gmx.de⸡ ⸠a@b.co.uk⸡", email: true},
	{marked: "john@localhost and @example.com and a.@example.com"},
	{marked: "\"Name\" <⸠john@example.com⸡>, <⸠jane@example.org⸡>", email: true},

	// User names are not linked at all.
	{marked: "http://user@example.com/ http://user:pass@example.com/x https://a.b@example.com"},

	// Schemes: the other linked ones.
	{marked: "call ⸠tel:+1-201-555-0123⸡.", scheme: "tel"},
	{marked: "⸠sms:+15550100?body=hello⸡ tel:12 tel:abc tel:+1?x"},
	{marked: "⸠magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn=x⸡", scheme: "magnet"},
	{marked: "⸠news:comp.lang.go⸡", scheme: "news"},
	{marked: "⸠nntp://news.example.com/comp.lang.go⸡ ⸠ircs://irc.example.net:6697/go⸡"},

	// Schemes never linked, nor what follows them.
	{marked: "javascript://example.com/%0Aalert(1) javascript:example.com vbscript:x.com data:text/html,⸠x.com⸡ file:///etc/passwd file://example.com/x"},
	{marked: "svn://example.com/repo ssh://git@example.com/x git://example.com/r.git"},
	{marked: "javascript:alert('⸠http://example.com⸡')"},
	{marked: "Homepage:⸠example.com⸡"},

	// RFC 3986 appendix C: <...> delimits, and a wrapped URI is joined.
	{marked: "<⸠http://example.com/very/long/\n   path⸡> next", value: "http://example.com/very/long/path"},
	{marked: "<⸠http://example.com/a/\r\n\tb/\n c⸡>", value: "http://example.com/a/b/c"},
	{marked: "<URL:⸠http://example.com/a.⸡>"},
	{marked: "<URL: ⸠http://example.com/a/\n b⸡>", value: "http://example.com/a/b"},
	{marked: "<⸠http://example.com/a⸡ b>", value: ""},
	{marked: "<⸠http://example.com/a⸡\n b c>"},
	{marked: "<⸠http://example.com/a⸡\n b <c>"},
	{marked: "<⸠http://example.com/a⸡\n b"},
	{marked: "<⸠example.com/a/\n  b⸡>", value: "example.com/a/b"},
}

func TestFind(t *testing.T) {
	for _, tc := range findCases {
		text, _ := parseMarked(tc.marked)
		got := Find([]byte(text))
		if m := markLinks(text, got); m != tc.marked {
			t.Errorf("Find(%q):\n got %q\nwant %q", text, m, tc.marked)
			continue
		}
		for _, l := range got {
			if string(l.Raw) != text[l.Start:l.End] {
				t.Errorf("%q: Raw %q is not text[%d:%d]", text, l.Raw, l.Start, l.End)
			}
		}
		if len(got) == 0 {
			continue
		}
		l := got[0]
		want := tc.value
		if want == "" {
			want = string(l.Raw)
		}
		if l.Value() != want {
			t.Errorf("%q: Value = %q, want %q", text, l.Value(), want)
		}
		if tc.scheme != "" && l.Scheme != tc.scheme {
			t.Errorf("%q: Scheme = %q, want %q", text, l.Scheme, tc.scheme)
		}
		if tc.email && !l.Email {
			t.Errorf("%q: Email = false, want true", text)
		}
	}
}

func TestMatchURI(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"example.com/päth", "http://example.com/p%C3%A4th"},
		{"www.bücher.de", "http://www.xn--bcher-kva.de"},
		{"普遍适用测试。我爱你", "http://xn--tkvs6ms8gqpywye3ma.xn--6qq986b3xl"},
		{"john@example.com", "mailto:john@example.com"},
		{"mailto:jöhn@example.com", "mailto:j%C3%B6hn@example.com"},
		{"https://example.com/a b", "https://example.com/a"},
		{"<http://example.com/a/\n  b>", "http://example.com/a/b"},
		{"tel:+1-555-0100", "tel:+1-555-0100"},
	} {
		links := Find([]byte(tc.text))
		if len(links) == 0 {
			t.Errorf("%q: no link", tc.text)
			continue
		}
		got, err := links[0].URI()
		if err != nil || got != tc.want {
			t.Errorf("%q: URI() = %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
}

// TestLongLinks checks the MaxLen rule: a longer candidate is
// dropped, and detection goes on after the next white space.
func TestLongLinks(t *testing.T) {
	path := func(n int) string { return strings.Repeat("a", n) }
	base := "https://example.com/"
	fits := base + path(MaxLen-len(base))
	tooLong := fits + "b"
	for _, tc := range []struct {
		text    string
		links   []string
		dropped []int64 // what FindOversize reports: where each dropped candidate starts
	}{
		{fits, []string{fits}, nil},
		{fits + ". x.com", []string{fits, "x.com"}, nil},
		{tooLong, nil, []int64{0}},
		{"see " + tooLong + " x.com", []string{"x.com"}, []int64{4}},
		{tooLong + "/y.com/z x.com", []string{"x.com"}, []int64{0}},
		{strings.Repeat("a", MaxLen) + ".com x.com", []string{"x.com"}, []int64{0}},
		{strings.Repeat("a.", MaxLen) + "com x.com", []string{"x.com"}, []int64{0}},
		// The local part starts before the MaxLen bytes looked back from the ".".
		{strings.Repeat("x", MaxLen) + "@example.com", nil, []int64{8}},
		{fits + strings.Repeat(".", margin) + " x.com", []string{fits, "x.com"}, nil},
		{fits + strings.Repeat(".", margin+1) + " x.com", []string{"x.com"}, []int64{0}},
		{"<" + fits[:MaxLen-10] + "\n" + path(20) + ">", []string{fits[:MaxLen-10]}, nil},
		{"mailto:a@example.com?" + path(MaxLen), nil, []int64{0}},
		{"mailto:" + path(MaxLen) + "@example.com", nil, []int64{0}},
		{"tel:+1" + strings.Repeat("0", MaxLen), nil, []int64{0}},
		// Long text, long runs, and no long candidate: nothing dropped.
		{strings.Repeat("word ", MaxLen), nil, nil},
		{strings.Repeat("x.com ", MaxLen/4)[:5], []string{"x.com"}, nil},
	} {
		var got []string
		var dropped []int64
		for _, l := range FindOversize([]byte(tc.text), func(off int64) { dropped = append(dropped, off) }) {
			got = append(got, string(l.Raw))
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.links) {
			t.Errorf("%.40q...: got %d links %.60q, want %.60q", tc.text, len(got), got, tc.links)
		}
		if fmt.Sprint(dropped) != fmt.Sprint(tc.dropped) {
			t.Errorf("%.40q...: dropped %v, want %v", tc.text, dropped, tc.dropped)
		}
		if n := len(Find([]byte(tc.text))); n != len(got) {
			t.Errorf("%.40q...: Find gives %d links, FindOversize %d", tc.text, n, len(got))
		}
	}
}

// TestQuotedLinks checks that a link right after a double quote or a
// backtick ends at the quote that closes it, even where UTS #58 would let
// the link go on: a JSON list of links is one link each, and a Markdown
// code span's closing backtick is not part of its link.
func TestQuotedLinks(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{`["https://a/","https://b/"]`, []string{"https://a/", "https://b/"}},
		{"see `http://e.org/a` and `http://e.org/b.`", []string{"http://e.org/a", "http://e.org/b"}},
		{`"http://e.org/a".`, []string{"http://e.org/a"}},
		{`<a href="http://x.org/">x</a>`, []string{"http://x.org/"}},
		// Not after a quote: UTS #58 as it is.
		{`https://nap.wikipedia.org/wiki/Lista_d"e_vvoce`, []string{`https://nap.wikipedia.org/wiki/Lista_d"e_vvoce`}},
		{`'http://foo.com/bar'more`, []string{`http://foo.com/bar'more`}},
	} {
		var got []string
		for _, l := range Find([]byte(c.in)) {
			got = append(got, string(l.Raw))
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: got %q, want %q", c.in, got, c.want)
		}
	}
}

// streamLinks runs a Scanner over text, giving it src chunks of
// size chunk and dst buffers of size dstSize, and returns the links and the
// output.
func streamLinks(t testing.TB, text []byte, chunk, dstSize int) ([]Match, []byte) {
	t.Helper()
	var links []Match
	s := NewScanner(func(m *Match) { links = append(links, keep(m)) })
	var out []byte
	dst := make([]byte, dstSize)
	src := text
	for {
		n := min(chunk, len(src))
		atEOF := n == len(src)
		settled, reported := s.Settled(), len(links)
		nDst, nSrc, err := s.Transform(dst, src[:n], atEOF)
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		if len(s.buf) > 2*MaxLen+2*margin+chunk+8 {
			t.Fatalf("scanner holds %d bytes", len(s.buf))
		}
		for _, l := range links[reported:] {
			if l.Start < settled {
				t.Fatalf("link at %d reported after Settled was %d", l.Start, settled)
			}
		}
		if now := s.Settled(); now < settled || now > int64(len(out)) {
			t.Fatalf("Settled went from %d to %d with %d bytes copied", settled, now, len(out))
		}
		switch {
		case errors.Is(err, transform.ErrShortDst):
			if nDst == 0 && dstSize > 0 {
				t.Fatalf("no progress")
			}
		case err != nil:
			t.Fatal(err)
		case atEOF:
			return links, out
		}
	}
}

// chunkInputs are the inputs of the chunk-size tests: the table above,
// the UTS #58 lines and the peers' inputs.
func chunkInputs(t testing.TB) [][]byte {
	var inputs [][]byte
	for _, tc := range findCases {
		text, _ := parseMarked(tc.marked)
		inputs = append(inputs, []byte(text))
	}
	for _, l := range readUTS58Detection(t) {
		inputs = append(inputs, []byte(l.text))
	}
	for _, c := range loadPeerCases(t) {
		inputs = append(inputs, []byte(c.input))
	}
	return inputs
}

// TestScannerChunks checks that a Scanner finds what Find finds, and
// copies its input, whatever the sizes of the pieces of input and output
// (transformtest.Sweep).
func TestScannerChunks(t *testing.T) {
	inputs := chunkInputs(t)
	// All inputs joined, so that links cross every chunk boundary.
	var all []byte
	for _, in := range inputs {
		all = append(all, in...)
		all = append(all, '\n')
	}
	long := []byte(strings.Repeat("x", MaxLen-50) + " https://example.com/" + strings.Repeat("ü", MaxLen/2) +
		" <https://example.com/\n" + strings.Repeat("é", MaxLen/3) + "> " + strings.Repeat("a.", MaxLen) + "com x.com " +
		"mailto:" + strings.Repeat("b", MaxLen) + "@example.com y.com " + strings.Repeat("c", MaxLen) + ".com z.com")
	runs := 0
	sweep := func(text []byte, src, dst []int) {
		var wantDropped []int64
		want := format(FindOversize(text, func(off int64) { wantDropped = append(wantDropped, off) }))
		var got []Match
		var dropped []int64
		transformtest.Sweep{
			Name: fmt.Sprintf("%.40q", text),
			In:   text,
			New: func() transform.Transformer {
				got, dropped = got[:0], dropped[:0]
				runs++
				s := NewScanner(func(m *Match) { got = append(got, keep(m)) })
				s.Oversize = func(off int64) { dropped = append(dropped, off) }
				return s
			},
			Src:  src,
			Dst:  dst,
			Want: text,
			Check: func([]byte) error {
				if g := format(got); g != want {
					return fmt.Errorf("links\n got %v\nwant %v", g, want)
				}
				if fmt.Sprint(dropped) != fmt.Sprint(wantDropped) {
					return fmt.Errorf("dropped %v, want %v", dropped, wantDropped)
				}
				return nil
			},
		}.Run(t)
	}
	for _, text := range inputs {
		sweep(text, nil, []int{1, 3, 7, 0})
	}
	sweep(all, []int{1, 2, 3, 5, 7, 64, 1000, 4096, len(all)}, []int{3, 0})
	sweep(long, []int{1, 2, 3, 100, 1 << 12, 1 << 13, 1 << 14}, []int{1 << 12})
	n := 0
	FindOversize(long, func(int64) { n++ })
	if n != 4 {
		t.Errorf("%d candidates dropped in the long input, want 4", n)
	}
	t.Logf("%d inputs, %d runs", len(inputs)+2, runs)
}

// TestScannerSettled checks, on every call of Transform, that a Scanner
// holds a bounded number of bytes and that Settled only advances, never
// past the bytes copied and never past a link still to come.
func TestScannerSettled(t *testing.T) {
	for _, text := range chunkInputs(t) {
		for _, chunk := range []int{1, 7, 64, len(text) + 1} {
			for _, dst := range []int{3, 4096} {
				streamLinks(t, text, chunk, dst)
			}
		}
	}
}

func TestScannerReader(t *testing.T) {
	text := []byte("one https://example.com/a two b@example.org three")
	var got []string
	s := NewScanner(func(m *Match) { got = append(got, string(m.Raw)) })
	out, _, err := transform.Bytes(s, text)
	if err != nil || !bytes.Equal(out, text) {
		t.Fatalf("transform.Bytes = %q, %v", out, err)
	}
	s.Reset()
	out2, _, _ := transform.Bytes(s, text)
	if !bytes.Equal(out2, text) || len(got) != 4 || got[0] != got[2] {
		t.Fatalf("after Reset: %q %q", out2, got)
	}
}

// TestScannerAllocs checks that a Scanner allocates nothing per link: the
// match it gives is reused, and so is its buffer after Reset.
func TestScannerAllocs(t *testing.T) {
	text := benchText(t)
	n := 0
	s := NewScanner(func(m *Match) { n++ })
	dst := make([]byte, 4096)
	allocs := testing.AllocsPerRun(5, func() {
		s.Reset()
		for src := text; ; {
			k := min(len(dst), len(src))
			_, nSrc, err := s.Transform(dst, src[:k], k == len(src))
			if err != nil {
				t.Fatal(err)
			}
			if src = src[nSrc:]; len(src) == 0 {
				break
			}
		}
	})
	if allocs > 1 {
		t.Errorf("Scanner: %v allocations per run, want at most 1, whatever the number of links", allocs)
	}
	if n == 0 {
		t.Error("no links")
	}
}

// keep returns a copy of m that outlives a Scanner's call.
func keep(m *Match) Match {
	c := *m
	c.Raw = bytes.Clone(m.Raw)
	return c
}

// format lists matches for comparison, every field shown.
func format(ms []Match) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "%d-%d %q %q email=%v wrapped=%v\n", m.Start, m.End, m.Raw, m.Scheme, m.Email, m.Wrapped)
	}
	return b.String()
}

// benchText is the linkify-it benchmark samples, joined.
func benchText(t testing.TB) []byte {
	files, err := filepath.Glob("testdata/peers/linkify-it/benchmark-samples/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no benchmark samples: %v", err)
	}
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	if !utf8.Valid(all) {
		t.Fatal("samples are not UTF-8")
	}
	return all
}
