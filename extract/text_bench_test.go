package extract

import (
	"bytes"
	"os"
	"testing"

	"golang.org/x/text/transform"
)

// textBenchInputs are the benchmark inputs: linkify-it's benchmark samples
// (lorem ipsum with sparse links and addresses), a large real plain text
// (an Internet-Draft with URLs in prose), and the UTS #58 conformance lines
// (URLs in many scripts, dense).
func textBenchInputs(b *testing.B) []struct {
	name string
	text []byte
} {
	draft, err := os.ReadFile("../testdata/text/draft-duerst-iri-bis-07.txt")
	if err != nil {
		b.Fatal(err)
	}
	var uts58 bytes.Buffer
	for _, l := range readUTS58Detection(b) {
		uts58.WriteString(l.text)
		uts58.WriteByte('\n')
	}
	return []struct {
		name string
		text []byte
	}{
		{"linkify-it-samples", benchText(b)},
		{"iri-draft", draft},
		{"uts58-lines", uts58.Bytes()},
	}
}

func BenchmarkFindTextLinks(b *testing.B) {
	for _, in := range textBenchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				FindTextLinks(in.text)
			}
		})
	}
}

// BenchmarkScanText is the callback form, which allocates nothing per link.
func BenchmarkScanText(b *testing.B) {
	for _, in := range textBenchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				ScanText(in.text, func(m *TextMatch) { n++ })
			}
		})
	}
}

// BenchmarkTextScanner is the streaming form, fed 4 KiB at a time.
func BenchmarkTextScanner(b *testing.B) {
	for _, in := range textBenchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			s := NewTextScanner(func(m *TextMatch) {})
			dst := make([]byte, 4096)
			for b.Loop() {
				s.Reset()
				for src := in.text; ; {
					n := min(4096, len(src))
					_, nSrc, err := s.Transform(dst, src[:n], n == len(src))
					if err != nil && err != transform.ErrShortDst {
						b.Fatal(err)
					}
					src = src[nSrc:]
					if len(src) == 0 {
						break
					}
				}
			}
		})
	}
}
