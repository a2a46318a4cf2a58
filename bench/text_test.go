package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/relink-go/relink/textlink"
	"mvdan.cc/xurls/v2"
)

// textInputs are the plain-text benchmark inputs of textlink's own
// benchmarks: linkify-it's benchmark samples (lorem ipsum with sparse links
// and addresses) and a 117 KB Internet-Draft (prose with URLs).
func textInputs(b testing.TB) []struct {
	name string
	text []byte
} {
	files, err := filepath.Glob("../textlink/testdata/peers/linkify-it/benchmark-samples/*.txt")
	if err != nil || len(files) == 0 {
		b.Fatalf("no samples: %v", err)
	}
	var samples bytes.Buffer
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		samples.Write(data)
	}
	draft, err := os.ReadFile("../testdata/text/draft-duerst-iri-bis-07.txt")
	if err != nil {
		b.Fatal(err)
	}
	return []struct {
		name string
		text []byte
	}{
		{"linkify-it-samples", samples.Bytes()},
		{"iri-draft", draft},
	}
}

// BenchmarkTextLinks compares textlink.Find, and a textlink.Scanner fed
// 4 KiB at a time, with xurls.Relaxed() (a regexp-based detector of scheme
// URLs, scheme-less domain names and email addresses: the closest peer in
// Go) on the same inputs:
//
//	go test -bench TextLinks -benchtime 2s | benchstat -col /impl -
func BenchmarkTextLinks(b *testing.B) {
	rx := xurls.Relaxed()
	for _, in := range textInputs(b) {
		b.Run(in.name+"/impl=relink", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(textlink.Find(in.text))
			}
			b.ReportMetric(float64(n), "links")
		})
		b.Run(in.name+"/impl=relink-scanner", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			n := 0
			s := textlink.NewScanner(func(*textlink.Match) { n++ })
			dst := make([]byte, 4096)
			for b.Loop() {
				n = 0
				s.Reset()
				for src := in.text; len(src) > 0; {
					k := min(len(dst), len(src))
					_, nSrc, _ := s.Transform(dst, src[:k], k == len(src))
					src = src[nSrc:]
				}
			}
			b.ReportMetric(float64(n), "links")
		})
		b.Run(in.name+"/impl=xurls-relaxed", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = len(rx.FindAllIndex(in.text, -1))
			}
			b.ReportMetric(float64(n), "links")
		})
	}
}
