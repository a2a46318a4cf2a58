package rewrite

import (
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestHTMLTextLinkForms is issue 18 item 5: with TextLinks, a link
// written as text in HTML keeps the form it is written in (an address
// stays an address, a link without a scheme stays without one), and the
// text of pre, code, kbd, samp, tt, script, style and textarea is never
// rewritten. Issue 18 item 6: a link holding a placeholder is left as
// written and counted.
func TestHTMLTextLinkForms(t *testing.T) {
	const doc = `<p>Mail osamu@debian.org or see www.debian.org/x and http://例え.jp/パス</p>` +
		`<pre>$ ssh username@example.org</pre>` +
		`<code>git config --global user.email yourname@example.com</code>` +
		`<p>&lt;osamu@debian.org&gt;</p>` +
		`<kbd>ssh a@b.org</kbd><samp>www.例え.jp</samp><tt>www.例え.jp</tt>` +
		`<script>var u = "http://例え.jp/"</script><style>/* http://例え.jp/ */</style><textarea>http://例え.jp/</textarea>` +
		`<pre>a <b>http://例え.jp/</b> b</pre>` +
		`<p>bücher@例え.jp https://example.com/{name}/例 https://example.com/$VERSION/例</p>`
	tests := []struct {
		name  string
		opts  Options
		want  string
		stats Stats
	}{
		{"keep (the zero Options but TextLinks)", Options{Options: extract.Options{TextLinks: true, BaseURL: "http://h.org/"}},
			doc, Stats{Links: 7, Kept: 2, Placeholders: 2}},
		{"uri keep", Options{To: FormURI, Options: extract.Options{TextLinks: true, BaseURL: "http://h.org/"}},
			`<p>Mail osamu@debian.org or see www.debian.org/x and http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9</p>` +
				`<pre>$ ssh username@example.org</pre>` +
				`<code>git config --global user.email yourname@example.com</code>` +
				`<p>&lt;osamu@debian.org&gt;</p>` +
				`<kbd>ssh a@b.org</kbd><samp>www.例え.jp</samp><tt>www.例え.jp</tt>` +
				`<script>var u = "http://例え.jp/"</script><style>/* http://例え.jp/ */</style><textarea>http://例え.jp/</textarea>` +
				`<pre>a <b>http://例え.jp/</b> b</pre>` +
				`<p>bücher@xn--r8jz45g.jp https://example.com/{name}/例 https://example.com/$VERSION/例</p>`,
			Stats{Links: 7, Rewritten: 2, Kept: 2, Placeholders: 2}},
		{"uri absolute", Options{To: FormURI, Resolve: ResolveAbsolute, Options: extract.Options{TextLinks: true, BaseURL: "http://h.org/"}},
			`<p>Mail osamu@debian.org or see http://www.debian.org/x and http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9</p>` +
				`<pre>$ ssh username@example.org</pre>` +
				`<code>git config --global user.email yourname@example.com</code>` +
				`<p>&lt;osamu@debian.org&gt;</p>` +
				`<kbd>ssh a@b.org</kbd><samp>www.例え.jp</samp><tt>www.例え.jp</tt>` +
				`<script>var u = "http://例え.jp/"</script><style>/* http://例え.jp/ */</style><textarea>http://例え.jp/</textarea>` +
				`<pre>a <b>http://例え.jp/</b> b</pre>` +
				`<p>bücher@xn--r8jz45g.jp https://example.com/{name}/例 https://example.com/$VERSION/例</p>`,
			Stats{Links: 7, Rewritten: 3, Kept: 2, Placeholders: 2}},
		{"iri keep", Options{To: FormIRI, Options: extract.Options{TextLinks: true}},
			`<p>Mail osamu@debian.org or see www.debian.org/x and http://例え.jp/パス</p>` +
				`<pre>$ ssh username@example.org</pre>` +
				`<code>git config --global user.email yourname@example.com</code>` +
				`<p>&lt;osamu@debian.org&gt;</p>` +
				`<kbd>ssh a@b.org</kbd><samp>www.例え.jp</samp><tt>www.例え.jp</tt>` +
				`<script>var u = "http://例え.jp/"</script><style>/* http://例え.jp/ */</style><textarea>http://例え.jp/</textarea>` +
				`<pre>a <b>http://例え.jp/</b> b</pre>` +
				`<p>bücher@例え.jp https://example.com/{name}/例 https://example.com/$VERSION/例</p>`,
			Stats{Links: 7, Kept: 2, Placeholders: 2}},
	}
	for _, tt := range tests {
		h := NewHTML(tt.opts)
		got := transformtest.Run(t, h, []byte(doc), 0, 0)
		if string(got) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		if st := h.Stats(); st != tt.stats {
			t.Errorf("%s: %+v, want %+v", tt.name, st, tt.stats)
		}
		transformtest.Sweep{Name: tt.name, In: []byte(doc), New: func() transform.Transformer { return NewHTML(tt.opts) }, Want: []byte(tt.want)}.Run(t)
	}
}
