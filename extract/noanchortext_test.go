package extract

import (
	"strings"
	"testing"
)

// TestNoAnchorText checks Options.NoAnchorText: the links reported, in
// their order and with every field, are those reported without it but
// for an empty Text, over the pages of the testdata trees and a table of
// cases where an a element holds other links, ends early or never, with
// and without text links and resolution, at every chunk size.
func TestNoAnchorText(t *testing.T) {
	docs := map[string]testDoc{
		"nested":   {TypeHTML, []byte(`<a href=a1>x <img src=i1> <a href=a2>y</a> <area href=r1 alt="alt text"> https://t.example/ z</a><img src=i2>`)},
		"unclosed": {TypeHTML, []byte(`<p><a href="one">one <b>two <img src=x.png srcset="a.png 1x, b.png 2x"> see www.example.com`)},
		"style":    {TypeHTML, []byte(`<a href=s><span style="background:url(bg.png)">t</span><style>p{background:url(p.png)}</style></a> mailto:a@example.org`)},
		// Without anchor text the tokenizer passes over </a>.
		"ends": {TypeHTML, []byte(`<a href=e1>x</A><style>a{}</a>b{background:url(s.png)}</style></a><a id=n>t</a ><A HREF=e2><svg><a href=e3>u</a></svg></a><img src=after>`)},
		"many": {TypeHTML, []byte("<a href=m>" + strings.Repeat("<img src=q>", maxQueued+5) + "</a><a href=n>n</a>")},
	}
	readTrees(t, docs, TypeHTML, 20, htmlTrees...)
	options := []Options{
		{BaseURL: "https://example.org/d/"},
		{Unresolved: true},
		{BaseURL: "https://example.org/d/", TextLinks: true},
	}
	noText := func(l *Link) bool {
		left := l.Text == "" || l.Tag != "a"
		l.Text = ""
		return left
	}
	t.Run("NoAnchorText", func(t *testing.T) {
		testLeftOut(t, docs, options, func(o *Options) { o.NoAnchorText = true }, noText)
	})
	// Options.Immediate holds no a element open either: the same links,
	// in the same order, without the text of a elements (with text links,
	// also those of that text, which it does not skip).
	t.Run("Immediate", func(t *testing.T) {
		testLeftOut(t, docs, options[:2], func(o *Options) { o.Immediate = true }, noText)
	})
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(none)"
}
