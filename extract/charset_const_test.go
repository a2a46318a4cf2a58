package extract

import (
	"testing"

	"github.com/relink-go/relink/internal/charset"
)

// TestCharsetConstants checks that the constants of this package that
// mirror those of internal/charset, which decides charsets, agree with
// them.
func TestCharsetConstants(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"SourceBOM", SourceBOM, charset.SourceBOM},
		{"SourceTransport", SourceTransport, charset.SourceTransport},
		{"SourceXML", SourceXML, charset.SourceXML},
		{"SourceMeta", SourceMeta, charset.SourceMeta},
		{"SourceCharsetRule", SourceCharsetRule, charset.SourceCharsetRule},
		{"SourceDetected", SourceDetected, charset.SourceDetected},
		{"SourceDefault", SourceDefault, charset.SourceDefault},
		{"prescanLimit", prescanLimit, charset.PrescanLimit},
		{"DetectLimit", DetectLimit, charset.DetectLimit},
		{"HeadLimit", HeadLimit, charset.HeadLimit},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, internal/charset's %v", c.name, c.got, c.want)
		}
	}
}
