package extract

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/internal/transformtest"
)

// TestReadFrom checks that ReadFrom finds what Transform finds, whatever
// the reads, and returns the errors of the reader and of the function.
func TestReadFrom(t *testing.T) {
	readers := map[string]func([]byte) io.Reader{
		"whole":    func(b []byte) io.Reader { return bytes.NewReader(b) },
		"one byte": func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
		"data+EOF": func(b []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(b)) },
		"half":     func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
	}
	for _, file := range goldenDocs(t) {
		doc, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{BaseURL: goldenBase}
		want, _ := extractAll(t, doc, opts, 0, 0)
		for name, r := range readers {
			var got []string
			x := NewHTML(opts, func(l *Link) error { got = append(got, linkLine(l)); return nil })
			n, err := x.ReadFrom(r(doc))
			if err != nil || n != int64(len(doc)) {
				t.Fatalf("%s, %s: ReadFrom = %d, %v; want %d, nil", filepath.Base(file), name, n, err, len(doc))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s, %s: links differ:\n%s", filepath.Base(file), name, diffLines(strings.Join(want, "\n"), strings.Join(got, "\n")))
			}
		}
	}
	for name, doc := range textDocs(t) {
		opts := Options{Charset: name}
		var want []Link
		transformtest.Run(t, NewText(opts, func(l *Link) error { want = append(want, *l); return nil }), doc, 0, 0)
		for rname, r := range readers {
			var got []Link
			x := NewText(opts, func(l *Link) error { got = append(got, *l); return nil })
			if n, err := x.ReadFrom(r(doc)); err != nil || n != int64(len(doc)) {
				t.Fatalf("text %s, %s: ReadFrom = %d, %v; want %d, nil", name, rname, n, err, len(doc))
			}
			sameLinks(t, "text "+name+", "+rname, got, want)
		}
	}

	// A reader that writes more than maxFeed bytes at once.
	big := bytes.Repeat([]byte(`<a href="x">é</a><img srcset="a 1x, b 2x">`), 2*maxFeed/40)
	want, _ := extractAll(t, big, Options{BaseURL: goldenBase}, 0, 0)
	var got []string
	x := NewHTML(Options{BaseURL: goldenBase}, func(l *Link) error { got = append(got, linkLine(l)); return nil })
	if n, err := x.ReadFrom(bytes.NewReader(big)); err != nil || n != int64(len(big)) || !slices.Equal(got, want) {
		t.Errorf("%d bytes at once: ReadFrom = %d, %v; %d links, want %d", len(big), n, err, len(got), len(want))
	}

	doc := []byte(`<a href=a>a</a><a href=b>b</a>`)
	stop := errors.New("stop")
	x = NewHTML(Options{}, func(*Link) error { return stop })
	if _, err := x.ReadFrom(bytes.NewReader(doc)); err != stop {
		t.Errorf("the function's error: ReadFrom returned %v", err)
	}
	x = NewHTML(Options{}, func(*Link) error { return nil })
	if n, err := x.ReadFrom(iotest.TimeoutReader(iotest.OneByteReader(bytes.NewReader(doc)))); err != iotest.ErrTimeout || n != 1 {
		t.Errorf("the reader's error: ReadFrom = %d, %v", n, err)
	}
}

// TestAllocsPerToken checks that a token that holds no link costs no
// allocation: extracting from a document of 15,000 such tokens allocates
// no more than from one of 150 (with the extractor reused, as Reset
// allows).
func TestAllocsPerToken(t *testing.T) {
	unit := `<div class="c" id=x><p>Some text &amp; more</p><!-- c --><br/></div>` + "\n"
	allocs := func(n int) float64 {
		doc := []byte(`<!doctype html><meta charset=utf-8><a href=/first>first</a>` + strings.Repeat(unit, n))
		x := NewHTML(Options{BaseURL: goldenBase}, func(*Link) error { return nil })
		r := bytes.NewReader(doc)
		x.ReadFrom(r) // warm up: buffers grow to their size
		return testing.AllocsPerRun(20, func() {
			x.Reset()
			r.Reset(doc)
			x.ReadFrom(r)
		})
	}
	small, large := allocs(25), allocs(2500)
	if large > small {
		t.Errorf("%v allocations for 150 tokens without links, %v for 15,000", small, large)
	}
	t.Logf("%v allocations per document, with 150 or 15,000 tokens without links", large)
}

// TestSettledAdvances checks that Settled follows the input closely
// whatever the tokens: a rewriter holds what is not settled, so a long run
// of what the tokenizer passes over (text and end tags) must settle too.
func TestSettledAdvances(t *testing.T) {
	for name, unit := range map[string]string{
		"text and end tags": "some text</b>",
		"end tags":          "</i></b>",
		"text":              "some text ",
		"tags":              "<b>x</b>",
		"anchors":           "<a href=x>x</a>",
		"comments":          "<!-- c -->",
		"units":             "0123456789ab</b>",
	} {
		// In pieces of 4 KiB, after 16 bytes: the 16-byte units of
		// "units" end where the pieces end.
		doc := []byte("<p>" + strings.Repeat("x", 13) + strings.Repeat(unit, 100000))
		x := NewHTML(Options{BaseURL: goldenBase}, func(*Link) error { return nil })
		const chunk = 4096
		for i := 0; i < len(doc); i += chunk {
			end := min(i+chunk, len(doc))
			if err := x.Feed(doc[i:end], end == len(doc)); err != nil {
				t.Fatal(err)
			}
			if lag := int64(end) - x.Settled(); end > charset.PrescanLimit && end < len(doc) && lag > chunk {
				t.Fatalf("%s: Settled %d after %d bytes fed", name, x.Settled(), end)
			}
		}
		if s := x.Settled(); s != int64(len(doc)) {
			t.Errorf("%s: Settled %d at the end of %d bytes", name, s, len(doc))
		}
	}
}
