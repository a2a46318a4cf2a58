package linkify_test

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/linkify"
)

// TestLinkifySpoofHost checks that the visible text of a link keeps in
// A-labels a host that browsers refuse to show in Unicode, whatever the
// text wrote, and shows the others in Unicode.
func TestLinkifySpoofHost(t *testing.T) {
	tests := []struct{ in, shown, hidden string }{
		{"see http://аррӏе.com/ now", ">http://xn--80ak6aa92e.com/<", "аррӏе"},
		{"see gօօgle.com/login now", ">xn--ggle-vifa.com/login<", "gօօgle"},
		{"see https://google.comノaccounts.evil.com/ now", ">https://google.xn--comaccounts-4e5j.evil.com/<", "ノ"},
		{"see ınstagram.com now", ">xn--nstagram-skb.com<", "ınstagram"},
		{"see http://bücher.de/ now", ">http://bücher.de/<", ">http://xn--"},
	}
	for _, tt := range tests {
		for _, f := range []linkify.Format{linkify.FormatHTML, linkify.FormatMarkdown} {
			got := linkify.String(tt.in, linkify.Options{Format: f})
			shown, hidden := tt.shown, tt.hidden
			if f == linkify.FormatMarkdown {
				shown = "[" + strings.Trim(tt.shown, "<>") + "]"
				hidden = strings.Replace(hidden, ">", "[", 1)
			}
			if !strings.Contains(got, shown) || strings.Contains(got, hidden) {
				t.Errorf("String(%q, %v) = %q; want it to show %q and not %q", tt.in, f, got, shown, hidden)
			}
		}
	}
}
