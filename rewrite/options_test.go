package rewrite

import (
	"reflect"
	"testing"

	"github.com/relink-go/relink/extract"
)

// TestOptionsEmbedExtract is issue 20 item 4: Options says how a document
// is read once, by embedding extract.Options, and repeats none of its
// fields.
func TestOptionsEmbedExtract(t *testing.T) {
	x := reflect.TypeFor[extract.Options]()
	o := reflect.TypeFor[Options]()
	embedded := false
	for i := range o.NumField() {
		f := o.Field(i)
		if f.Anonymous && f.Type == x {
			embedded = true
			continue
		}
		if _, ok := x.FieldByName(f.Name); ok {
			t.Errorf("Options.%s repeats extract.Options.%s", f.Name, f.Name)
		}
	}
	if !embedded {
		t.Error("Options does not embed extract.Options")
	}
}

// TestOptionsReachExtractor checks that the embedded options are those
// the extractor reads with: a tag longer than MaxTagSize is reported to
// Oversize and its link left as written.
func TestOptionsReachExtractor(t *testing.T) {
	var oversize int
	r := NewHTML(Options{To: FormURI, Options: extract.Options{
		MaxTagSize: 64,
		Oversize:   func(*extract.OversizeError) { oversize++ },
	}})
	long := `<a title="` + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" + `" href="café">x</a><a href="café">y</a>`
	dst := make([]byte, 4096)
	n, _, err := r.Transform(dst, []byte(long), true)
	if err != nil {
		t.Fatal(err)
	}
	want := `<a title="xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" href="café">x</a><a href="caf%C3%A9">y</a>`
	if got := string(dst[:n]); got != want || oversize != 1 {
		t.Errorf("got %q (%d oversize), want %q (1)", got, oversize, want)
	}
}
