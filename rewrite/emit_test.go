package rewrite

import (
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// TestEmitToDst checks that Transform writes the bytes it settles straight
// into dst, with their edits, when dst has room for them: its own output
// buffer is not used (it stays without memory), and what dst has no room
// for goes there and comes out on the next call, in order.
func TestEmitToDst(t *testing.T) {
	doc := strings.Repeat(`<p>text <a href="/é?q=1">x</a> <img src="a b.png"> more text</p>`+"\n", 2000)
	want, _, err := transform.String(NewHTML(Options{To: FormURI}), doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{len(want) + 1, 4096, 100} {
		r := NewHTML(Options{To: FormURI})
		var got []byte
		dst := make([]byte, size)
		src := []byte(doc)
		for {
			nDst, nSrc, err := r.Transform(dst, src, true)
			got = append(got, dst[:nDst]...)
			src = src[nSrc:]
			if err == transform.ErrShortDst {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			break
		}
		if string(got) != want {
			t.Errorf("dst of %d bytes: output differs from transform.String's", size)
		}
		if size > len(want) && cap(r.out) != 0 {
			t.Errorf("dst of %d bytes, room for all: the output buffer has %d bytes", size, cap(r.out))
		}
		if size < len(want) && cap(r.out) == 0 {
			t.Errorf("dst of %d bytes: the output buffer unused", size)
		}
	}
}
