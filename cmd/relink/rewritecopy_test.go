package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"golang.org/x/text/transform"
)

// writeSizes is an io.Writer that keeps what is written and the size of
// each write.
type writeSizes struct {
	bytes.Buffer
	sizes []int
}

func (w *writeSizes) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	return w.Buffer.Write(p)
}

// doubler writes each byte of its input twice, a byte pair at a time: it
// wants two bytes of input but at the end (ErrShortSrc), and room for
// four (ErrShortDst).
type doubler struct{}

func (doubler) Reset() {}

func (doubler) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		k := min(2, len(src)-nSrc)
		if k < 2 && !atEOF {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if len(dst)-nDst < 2*k {
			return nDst, nSrc, transform.ErrShortDst
		}
		for _, c := range src[nSrc : nSrc+k] {
			dst[nDst], dst[nDst+1] = c, c
			nDst += 2
		}
		nSrc += k
	}
	return nDst, nSrc, nil
}

// wantsAll wants its whole input before it writes a byte.
type wantsAll struct{}

func (wantsAll) Reset() {}

func (wantsAll) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	if !atEOF {
		return 0, 0, transform.ErrShortSrc
	}
	return transform.Nop.Transform(dst, src, atEOF)
}

// lines writes its input a line at a time: it wants the end of a line
// but at the end (ErrShortSrc, with the lines before it taken).
type lines struct{}

func (lines) Reset() {}

func (lines) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	n := bytes.LastIndexByte(src, '\n') + 1
	if atEOF {
		n = len(src)
	}
	if len(dst) < n {
		return 0, 0, transform.ErrShortDst
	}
	copy(dst, src[:n])
	if n < len(src) {
		return n, n, transform.ErrShortSrc
	}
	return n, n, nil
}

// shortCount consumes all but the last byte of its input and says nothing
// of it.
type shortCount struct{}

func (shortCount) Reset() {}

func (shortCount) Transform(dst, src []byte, atEOF bool) (int, int, error) {
	if len(src) == 0 {
		return 0, 0, nil
	}
	n := copy(dst, src[:len(src)-1])
	return n, n, nil
}

// TestWorkerTransform checks rewriteWorker.transform, which replaced
// io.Copy through transform.NewReader in relink rewrite: the same output
// and the same errors as transform.NewReader gives, for rewriters and
// for transformers that want more input or more room than they are
// given, through read buffers of every size from bufio's least; and the
// output written rewriteFlushAt bytes or more at a time, the last write
// only excepted.
func TestWorkerTransform(t *testing.T) {
	var page strings.Builder
	for i := range 3000 {
		page.WriteString(`<p>x <a href="http://example.com/a b">a</a> <img src="/é.png">`)
		if i%7 == 0 {
			page.WriteString("<script>var s = '<a href=x>'</script>\n")
		}
	}
	html := page.String()
	uri := rewrite.Options{To: rewrite.FormURI, Options: extract.Options{BaseURL: "http://example.com/"}}
	readErr := errors.New("read failed")
	tests := []struct {
		name string
		t    transform.Transformer
		in   string
		r    func(io.Reader) io.Reader // wraps the input
		err  error
	}{
		{name: "html", t: rewrite.NewHTML(uri), in: html},
		{name: "html small", t: rewrite.NewHTML(uri), in: `<a href="a b">x</a>`},
		{name: "html empty", t: rewrite.NewHTML(uri), in: ""},
		{name: "html byte reads", t: rewrite.NewHTML(uri), in: html[:5000], r: iotest.OneByteReader},
		{name: "text", t: rewrite.NewText(uri), in: strings.Repeat("see http://example.com/a%zz b or www.example.org\n", 2000)},
		{name: "css", t: rewrite.NewCSS(uri), in: strings.Repeat("a{background:url(é.png)}\n", 5000)},
		{name: "markdown", t: rewrite.NewMarkdown(uri), in: strings.Repeat("[a](http://example.com/é) <b href=x>\n\n", 3000)},
		{name: "doubler", t: doubler{}, in: strings.Repeat("abcdefg", 40000) + "h"},
		{name: "lines", t: lines{}, in: strings.Repeat("a line\nand another\n", 20000) + "no end"},
		{name: "wants all, fits", t: wantsAll{}, in: "abc"},
		{name: "wants all, too long", t: wantsAll{}, in: strings.Repeat("a", 200000), err: transform.ErrShortSrc},
		{name: "inconsistent count", t: shortCount{}, in: "abc", err: errTransformCount},
		{name: "mail", t: rewrite.New(extract.TypeMail, uri), in: "Subject: x\n\nhttp://example.com/\n", err: rewrite.ErrMail},
		{name: "read error", t: rewrite.NewHTML(uri), in: html, r: func(r io.Reader) io.Reader {
			return io.MultiReader(io.LimitReader(r, 70000), iotest.ErrReader(readErr))
		}, err: readErr},
	}
	for _, tt := range tests {
		for _, size := range []int{16, 100, 4096, 64 << 10} {
			reader := func() io.Reader {
				var r io.Reader = strings.NewReader(tt.in)
				if tt.r != nil {
					r = tt.r(r)
				}
				return r
			}
			var want bytes.Buffer
			_, wantErr := io.Copy(&want, transform.NewReader(bufio.NewReaderSize(reader(), size), tt.t))
			if tt.err == nil && wantErr != nil {
				t.Fatalf("%s: transform.NewReader: %v", tt.name, wantErr)
			}
			wk := &rewriteWorker{br: bufio.NewReaderSize(reader(), size)}
			var got writeSizes
			err := wk.transform(&got, tt.t)
			if !errors.Is(err, tt.err) {
				t.Errorf("%s, buffer %d: error %v, want %v", tt.name, size, err, tt.err)
			}
			if tt.err != nil {
				if wantErr == nil || err == nil || err.Error() != wantErr.Error() {
					t.Errorf("%s, buffer %d: error %v, transform.NewReader's %v", tt.name, size, err, wantErr)
				}
				continue
			}
			if got.String() != want.String() {
				t.Errorf("%s, buffer %d: output differs from transform.NewReader's (%d bytes, want %d)", tt.name, size, got.Len(), want.Len())
			}
			for i, n := range got.sizes {
				if i < len(got.sizes)-1 && n < rewriteFlushAt || n == 0 {
					t.Errorf("%s, buffer %d: write %d of %d: %d bytes", tt.name, size, i+1, len(got.sizes), n)
				}
			}
			// Into nowhere, the same once more: t is reset.
			wk.br.Reset(reader())
			if err := wk.transform(nil, tt.t); err != nil {
				t.Errorf("%s, buffer %d: to nowhere: %v", tt.name, size, err)
			}
		}
	}
}

// TestJobPoolStop checks that a worker starts no job once stop is
// closed, though feed has handed the jobs over already (next holds
// them, so that workers never wait for feed), and every job before.
func TestJobPoolStop(t *testing.T) {
	p := &jobPool{ready: make([]chan struct{}, 5), next: make(chan int, 5), stop: make(chan struct{}), window: make(chan struct{}, 5)}
	p.feed()
	for want := range 2 {
		if i, ok := p.job(); !ok || i != want {
			t.Fatalf("job %d, %v; want %d, true", i, ok, want)
		}
	}
	close(p.stop)
	if i, ok := p.job(); ok {
		t.Errorf("job %d started after stop", i)
	}
	p = &jobPool{ready: make([]chan struct{}, 2), next: make(chan int, 2), stop: make(chan struct{}), window: make(chan struct{}, 2)}
	p.feed()
	p.job()
	p.job()
	if i, ok := p.job(); ok {
		t.Errorf("job %d after the last", i)
	}
}
