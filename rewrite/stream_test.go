package rewrite

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// TestStreams checks that Reader, Writer, Bytes and String give what
// Transform gives, for HTML and text, with one rewriter used again and
// again.
func TestStreams(t *testing.T) {
	opts := Options{To: FormURI, BaseURL: "http://example.com/dir/"}
	for _, c := range []struct {
		name string
		doc  string
		r    interface {
			Reader(io.Reader) io.Reader
			Writer(io.Writer) io.WriteCloser
			Bytes([]byte) ([]byte, error)
			String(string) (string, error)
		}
		want string
	}{
		{"html", `<a href="/ü?q=ä">x</a> <img src='bücher.png'>`, NewHTML(opts), `<a href="/%C3%BC?q=%C3%A4">x</a> <img src='b%C3%BCcher.png'>`},
		{"text", "See http://bücher.de/ü, or mail jörg@bücher.de.\n", NewText(opts), "See http://xn--bcher-kva.de/%C3%BC, or mail jörg@xn--bcher-kva.de.\n"},
	} {
		for range 2 {
			if got, err := c.r.String(c.doc); err != nil || got != c.want {
				t.Errorf("%s: String = %q, %v; want %q", c.name, got, err, c.want)
			}
			if got, err := c.r.Bytes([]byte(c.doc)); err != nil || string(got) != c.want {
				t.Errorf("%s: Bytes = %q, %v; want %q", c.name, got, err, c.want)
			}
			if got, err := io.ReadAll(c.r.Reader(strings.NewReader(c.doc))); err != nil || string(got) != c.want {
				t.Errorf("%s: Reader gives %q, %v; want %q", c.name, got, err, c.want)
			}
			var b bytes.Buffer
			w := c.r.Writer(&b)
			for _, piece := range strings.SplitAfter(c.doc, "/") {
				if _, err := io.WriteString(w, piece); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil || b.String() != c.want {
				t.Errorf("%s: Writer wrote %q, %v; want %q", c.name, b.String(), err, c.want)
			}
		}
	}
}

func ExampleHTML_Writer() {
	w := NewHTML(Options{To: FormIRI}).Writer(os.Stdout)
	fmt.Fprint(w, `<a href="http://xn--bcher-kva.example/%C3%BC">`)
	fmt.Fprint(w, `Bücher</a>`)
	w.Close()
	// Output: <a href="http://bücher.example/ü">Bücher</a>
}
