package rewrite

import (
	"io"

	"golang.org/x/text/transform"
)

// The conveniences below wrap a rewriter as x/text's transform package
// does any Transformer, which resets it first: one rewriter serves
// document after document (not at the same time).

// Reader returns a reader of the document that r reads, with its links
// rewritten.
func (h *HTML) Reader(r io.Reader) io.Reader { return transform.NewReader(r, h) }

// Writer returns a writer that writes to w the document written to it,
// with its links rewritten. Close flushes what it holds back and must be
// called at the end of the document; it does not close w.
func (h *HTML) Writer(w io.Writer) io.WriteCloser { return transform.NewWriter(w, h) }

// Bytes returns the document b with its links rewritten.
func (h *HTML) Bytes(b []byte) ([]byte, error) {
	out, _, err := transform.Bytes(h, b)
	return out, err
}

// String returns the document s with its links rewritten.
func (h *HTML) String(s string) (string, error) {
	out, _, err := transform.String(h, s)
	return out, err
}

// Reader returns a reader of the document that r reads, with its links
// rewritten.
func (t *Text) Reader(r io.Reader) io.Reader { return transform.NewReader(r, t) }

// Writer returns a writer that writes to w the document written to it,
// with its links rewritten. Close flushes what it holds back and must be
// called at the end of the document; it does not close w.
func (t *Text) Writer(w io.Writer) io.WriteCloser { return transform.NewWriter(w, t) }

// Bytes returns the document b with its links rewritten.
func (t *Text) Bytes(b []byte) ([]byte, error) {
	out, _, err := transform.Bytes(t, b)
	return out, err
}

// String returns the document s with its links rewritten.
func (t *Text) String(s string) (string, error) {
	out, _, err := transform.String(t, s)
	return out, err
}
