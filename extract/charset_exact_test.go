package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// TestRegressionCharsetExact: links are read with the Encoding Standard's
// decoders and their queries encoded with its encoders (issue 11), where
// golang.org/x/text's differ.
func TestRegressionCharsetExact(t *testing.T) {
	for _, c := range []struct {
		charset, href, raw, uri string
	}{
		// windows-1252 (and latin1, ascii...): 0x81 is U+0081, not U+FFFD
		// (which the query then gave as "%26%2365533%3B").
		{"windows-1252", "?q=\x81", "?q=\u0081", "http://example.com/dir/page.html?q=%81"},
		{"latin1", "?q=\x8d\x8f\x90\x9d", "?q=\u008d\u008f\u0090\u009d", "http://example.com/dir/page.html?q=%8D%8F%90%9D"},
		{"ascii", "/\x81", "/\u0081", "http://example.com/%C2%81"},
		// The ISO-8859 encodings have the C1 controls.
		{"iso-8859-2", "?q=\x80\xb1", "?q=\u0080\u0105", "http://example.com/dir/page.html?q=%80%B1"},
		// Big5 and Shift_JIS keep the ASCII byte after a bad lead byte.
		{"big5", "?q=\x81@&r=1", "?q=\ufffd@&r=1", "http://example.com/dir/page.html?q=%26%2365533%3B@&r=1"},
		{"shift_jis", "?q=\x82@", "?q=\ufffd@", "http://example.com/dir/page.html?q=%26%2365533%3B@"},
		// GBK reads gb18030's four-byte sequences.
		{"gbk", "?q=\x81\x30\x81\x30", "?q=\u0080", "http://example.com/dir/page.html?q=%26%23128%3B"},
		{"gb18030", "?q=\x81\x30\x81\x30\xa6\xd9", "?q=\u0080\ufe10", "http://example.com/dir/page.html?q=%810%810%A6%D9"},
		// Shift_JIS writes U+2212 as 0x81 0x7C, and its user-defined area
		// decodes to Private Use characters.
		{"shift_jis", "?q=&#x2212;\xf0\x40", "?q=\u2212\ue000", "http://example.com/dir/page.html?q=%81|%26%2357344%3B"},
	} {
		doc := []byte("<a href='" + c.href + "'>x</a>")
		var got []*Link
		x := NewHTML(Options{BaseURL: goldenBase, Charset: c.charset}, func(l *Link) error {
			cp := *l
			got = append(got, &cp)
			return nil
		})
		transformtest.Sweep{
			Name: fmt.Sprintf("%s %+q", c.charset, c.href),
			In:   doc,
			New: func() transform.Transformer {
				got = got[:0]
				x.Reset()
				return x
			},
			Src:  []int{0, 1},
			Dst:  []int{0},
			Want: doc,
			Check: func([]byte) error {
				if len(got) != 1 || got[0].Value != c.raw || got[0].Href != c.uri {
					var b strings.Builder
					for _, l := range got {
						fmt.Fprintf(&b, "\nRaw %+q URI %q", l.Value, l.Href)
					}
					return fmt.Errorf("%d links; want Raw %+q URI %q%s", len(got), c.raw, c.uri, b.String())
				}
				return nil
			},
		}.Run(t)
	}
}
