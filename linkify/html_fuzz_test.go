package linkify

import (
	"bytes"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/net/html"
	"golang.org/x/text/transform"
)

// fuzzRel marks the a elements an HTML linkifier inserts in the fuzz
// test, which unwrap takes out again.
const fuzzRel = "x-relink-fuzz"

// FuzzHTML checks, for any input, that the output of an HTML linkifier
// parsed as a browser parses it (x/net/html) is the input's document with
// a elements added and nothing else: the same tree, attributes and text
// once the inserted a elements are replaced by their content; that
// linkifying the output again changes nothing; and that the output does
// not depend on how the input is cut.
func FuzzHTML(f *testing.F) {
	for _, tt := range htmlTests {
		f.Add(tt.in)
	}
	for _, s := range []string{
		"<table>x.io<tr>y.io<td>z.io", "<p><b>x.io<i>y.io</b>z.io</i>", "<a href=x><table><td></a>y.io",
		"<select>x.io<option>y.io</select>z.io", "<frameset>x.io</frameset>", "x.io<head>y.io<body>z.io",
		"<math><mtext>x.io<svg>y.io</svg></mtext></math>z.io", "&#x202E;x.io &amp&copy;x.io&amp;y=1",
		"<title>x.io</title>\x00y.io", "<!DOCTYPE html><html><body>x.io", "<noscript><p>x.io</noscript>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		changed := false
		opts := Options{Charset: "utf-8", Rel: fuzzRel, Edit: func(l *Link) bool {
			if l.Text != l.Value {
				changed = true
			}
			return true
		}}
		out := HTMLString(in, opts)
		if again := HTMLString(out, opts); again != out {
			t.Fatalf("not idempotent:\n in %q\nout %q\nagain %q", in, out, again)
		}
		want, err := html.Parse(strings.NewReader(in))
		if err != nil {
			t.Skipf("x/net/html does not parse the input (%v): there is no tree to compare with", err)
		}
		got, err := html.Parse(strings.NewReader(out))
		if err != nil {
			t.Fatalf("output does not parse: %v\n in %q\nout %q", err, in, out)
		}
		n, nested := unwrap(got, false)
		if nested {
			t.Fatalf("a link made inside a link:\n in %q\nout %q", in, out)
		}
		if !changed {
			var wb, gb bytes.Buffer
			html.Render(&wb, want)
			html.Render(&gb, got)
			if wb.String() != gb.String() {
				t.Fatalf("the DOM differs but for the links:\n in %q\nout %q\nwant %q\n got %q", in, out, wb.String(), gb.String())
			}
		}
		if strings.Count(out, fuzzRel) < n {
			t.Fatalf("%d links inserted, %d in the DOM:\n in %q\nout %q", strings.Count(out, fuzzRel), n, in, out)
		}
		if len(in) < 256 {
			transformtest.Sweep{
				In:   []byte(in),
				New:  func() transform.Transformer { return NewHTML(opts) },
				Want: []byte(out),
				Src:  []int{1, 7},
			}.Run(t)
		}
	})
}

// unwrap replaces each a element that an HTML linkifier inserted in the
// tree n (rel fuzzRel) by its children, and returns how many it found,
// and whether one is inside another a element (inA: n is).
func unwrap(n *html.Node, inA bool) (count int, nested bool) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		isA := c.Type == html.ElementNode && c.Data == "a"
		ours := isA && hasAttr(c, "rel", fuzzRel)
		k, ne := unwrap(c, inA || isA)
		count += k
		nested = nested || ne || ours && inA
		if ours {
			for g := c.FirstChild; g != nil; {
				gn := g.NextSibling
				c.RemoveChild(g)
				n.InsertBefore(g, c)
				g = gn
			}
			n.RemoveChild(c)
			count++
		}
		c = next
	}
	// Adjacent text nodes, as the unwrapped links leave them, are one.
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		for c.Type == html.TextNode && c.NextSibling != nil && c.NextSibling.Type == html.TextNode {
			c.Data += c.NextSibling.Data
			n.RemoveChild(c.NextSibling)
		}
	}
	return count, nested
}

func hasAttr(n *html.Node, key, val string) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key && a.Val == val {
			return true
		}
	}
	return false
}
