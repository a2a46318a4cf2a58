package extract

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/internal/transformtest"
	"github.com/relink-go/relink/textlink"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// textDocs returns one text with links in several charsets.
func textDocs(t *testing.T) map[string][]byte {
	t.Helper()
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "Строка %d: https://пример.рф/путь/%d?q=Ж, www.example.com/a%d (see http://example.org/wiki/A_(b)). ", i, i, i)
		fmt.Fprintf(&b, "Mail ivan%d@example.org.\n", i)
		if i%10 == 0 {
			b.WriteString(strings.Repeat("слово ", 2000))
		}
	}
	text := b.String()
	// Characters outside the BMP, for UTF-8 and UTF-16 (surrogate pairs).
	wide := strings.ReplaceAll(text, "Mail", "😀 https://example.com/😀 Mail")
	docs := map[string][]byte{"utf-8": []byte(wide)}
	for _, name := range []string{"windows-1251", "koi8-r", "utf-16le"} {
		e, err := htmlindex.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		in := text
		if name == "utf-16le" {
			in = "\ufeff" + wide
		}
		enc, _, err := transform.String(e.NewEncoder(), in)
		if err != nil {
			t.Fatal(name, err)
		}
		docs[name] = []byte(enc)
	}
	ja := strings.ReplaceAll(text, "пример.рф/путь", "例え.テスト/パス")
	ja = strings.ReplaceAll(strings.ReplaceAll(ja, "Строка", "行"), "слово", "言葉")
	e, _ := htmlindex.Get("shift_jis")
	enc, _, err := transform.String(e.NewEncoder(), ja)
	if err != nil {
		t.Fatal(err)
	}
	docs["shift_jis"] = []byte(enc)
	return docs
}

// TestTextChunks checks that Transform finds the same links, on the same
// lines, whatever the sizes of src and dst.
func TestTextChunks(t *testing.T) {
	for name, doc := range textDocs(t) {
		opts := Options{Charset: name}
		var want []Link
		x := NewText(opts, func(l *Link) error { want = append(want, *l); return nil })
		if out := transformtest.Run(t, x, doc, 0, 0); !bytes.Equal(out, doc) {
			t.Fatalf("%s: the output is not the input", name)
		}
		if len(want) < 100 {
			t.Fatalf("%s: %d links", name, len(want))
		}
		for _, l := range want {
			nl := []byte("\n")
			if name == "utf-16le" {
				nl = []byte("\n\x00")
			}
			if line := 1 + bytes.Count(doc[:l.Start], nl); l.Line != line {
				t.Fatalf("%s: link %q at %d on line %d, want %d", name, l.Value, l.Start, l.Line, line)
			}
		}
		var got []Link
		transformtest.Sweep{
			Name: name,
			In:   doc,
			New: func() transform.Transformer {
				got = nil
				return NewText(opts, func(l *Link) error { got = append(got, *l); return nil })
			},
			// Not every size: the documents are long, and the text scanner
			// has chunk tests of its own.
			Src:   []int{1, 3, 64, 1000, 4096},
			Dst:   []int{7, 0},
			Want:  doc,
			Check: func([]byte) error { return diffLinks(got, want) },
		}.Run(t)
	}
}

// sameLinks fails the test unless got and want are the same links.
func sameLinks(t *testing.T, what string, got, want []Link) {
	t.Helper()
	if err := diffLinks(got, want); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// diffLinks says how got differs from want, or returns nil.
func diffLinks(got, want []Link) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d links, want %d", len(got), len(want))
	}
	for i := range got {
		if fmt.Sprint(got[i]) != fmt.Sprint(want[i]) {
			return fmt.Errorf("found\n%v\nwant\n%v", got[i], want[i])
		}
	}
	return nil
}

// TestTextFeed checks Feed and Settled against Transform: the same links,
// whatever the pieces, and no link reported that starts before an offset
// Settled gave earlier.
func TestTextFeed(t *testing.T) {
	for name, doc := range textDocs(t) {
		opts := Options{Charset: name}
		var want []Link
		x := NewText(opts, func(l *Link) error { want = append(want, *l); return nil })
		transformtest.Run(t, x, doc, 0, 0)
		for _, chunk := range []int{1, 3, 64, 1000, 4096, len(doc)} {
			var got []Link
			settled := int64(0)
			x := NewText(opts, func(l *Link) error {
				if l.Start < settled {
					t.Fatalf("%s chunk %d: link at %d reported after Settled gave %d", name, chunk, l.Start, settled)
				}
				got = append(got, *l)
				return nil
			})
			for i := 0; i < len(doc); i += chunk {
				end := min(i+chunk, len(doc))
				if err := x.Feed(doc[i:end], end == len(doc)); err != nil {
					t.Fatal(err)
				}
				s := x.Settled()
				if s < settled || s > int64(end) {
					t.Fatalf("%s chunk %d: Settled %d after %d, with %d bytes fed", name, chunk, s, settled, end)
				}
				// Behind it: at most the lookahead of the scanner, in
				// input bytes (two per character in UTF-16), and the
				// head until the charset is known.
				if lag := int64(end) - s; end > charset.PrescanLimit && lag > 4*textlink.MaxLen+int64(chunk) {
					t.Fatalf("%s chunk %d: Settled %d trails %d by %d bytes", name, chunk, s, end, lag)
				}
				settled = s
			}
			sameLinks(t, fmt.Sprintf("%s: Feed, chunk %d", name, chunk), got, want)
			if x.Charset().Name != name {
				t.Errorf("%s: charset %v", name, x.Charset())
			}
		}
	}
}

func TestTextCharset(t *testing.T) {
	ascii := strings.Repeat("plain ASCII text, ", 100)
	tests := []struct {
		head           string
		hint, fallback string
		want, wantSrc  string
	}{
		{ascii + "then café", "", "", "utf-8", charset.SourceDetected},
		{ascii + "then caf\xe9", "", "", "windows-1252", charset.SourceDetected},
		{strings.Repeat(ascii, 5) + "then caf\xe9", "", "", "utf-8", charset.SourceDefault}, // beyond charset.DetectLimit
		{"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0!", "", "", "windows-1251", charset.SourceDetected},
		{ascii, "", "koi8-r", "koi8-r", charset.SourceDefault},
		{"café", "", "koi8-r", "utf-8", charset.SourceDetected},
		{"caf\xe9", "", "", "windows-1252", charset.SourceDetected},
		{"caf\xe9", "", "iso-8859-2", "iso-8859-2", charset.SourceDefault},
		{`<meta charset="koi8-r"> ascii`, "", "", "utf-8", charset.SourceDefault},
		{"caf\xe9", "koi8-r", "", "koi8-r", charset.SourceTransport},
		{"\xef\xbb\xbfcaf\xe9", "koi8-r", "", "utf-8", charset.SourceBOM},
		{"", "", "", "utf-8", charset.SourceDefault},
	}
	for _, tt := range tests {
		x := NewText(Options{Charset: tt.hint, DefaultCharset: tt.fallback}, func(*Link) error { return nil })
		if err := x.Feed([]byte(tt.head), true); err != nil {
			t.Fatal(err)
		}
		if cs := x.Charset(); cs.Name != tt.want || cs.Source != tt.wantSrc {
			t.Errorf("%.20q (charset %q, default %q): %s from %s, want %s from %s", tt.head, tt.hint, tt.fallback, cs.Name, cs.Source, tt.want, tt.wantSrc)
		}
	}
}
