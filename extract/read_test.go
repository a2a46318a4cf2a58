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
		runTransformer(t, NewText(opts, func(l *Link) error { want = append(want, *l); return nil }), doc, 0, 0)
		for rname, r := range readers {
			var got []Link
			x := NewText(opts, func(l *Link) error { got = append(got, *l); return nil })
			if n, err := x.ReadFrom(r(doc)); err != nil || n != int64(len(doc)) {
				t.Fatalf("text %s, %s: ReadFrom = %d, %v; want %d, nil", name, rname, n, err, len(doc))
			}
			sameLinks(t, "text "+name+", "+rname, got, want)
		}
	}

	doc := []byte(`<a href=a>a</a><a href=b>b</a>`)
	stop := errors.New("stop")
	x := NewHTML(Options{}, func(*Link) error { return stop })
	if _, err := x.ReadFrom(bytes.NewReader(doc)); err != stop {
		t.Errorf("the function's error: ReadFrom returned %v", err)
	}
	x = NewHTML(Options{}, func(*Link) error { return nil })
	if n, err := x.ReadFrom(iotest.TimeoutReader(iotest.OneByteReader(bytes.NewReader(doc)))); err != iotest.ErrTimeout || n != 1 {
		t.Errorf("the reader's error: ReadFrom = %d, %v", n, err)
	}
}
