package textlink

import (
	"bytes"
	"os"
	"testing"

	"golang.org/x/text/transform"
)

// benchInputs are the benchmark inputs: linkify-it's benchmark samples
// (lorem ipsum with sparse links and addresses), a large real plain text
// (an Internet-Draft with URLs in prose), and the UTS #58 conformance lines
// (URLs in many scripts, dense).
func benchInputs(b *testing.B) []struct {
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

func BenchmarkFind(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				Find(in.text)
			}
		})
	}
}

// BenchmarkScanner is the streaming form, fed 4 KiB at a time.
func BenchmarkScanner(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			s := NewScanner(func(m *Match) {})
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
