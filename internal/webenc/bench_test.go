package webenc

import (
	"math/rand/v2"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/relink-go/relink/internal/cputime"
)

// reportCPU reports the throughput per CPU second since start (see
// package cputime): on a shared machine, steadier than MB/s.
func reportCPU(b *testing.B, start time.Duration, n int) {
	if d := cputime.Used() - start; d > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/d.Seconds(), "MB/cpu-s")
	}
}

// benchText returns about 64 KiB of text in the encoding name as a page
// in it might be: three ASCII bytes (markup) for each character of the
// encoding, drawn from its repertoire.
func benchText(b *testing.B, name string) []byte {
	e, _ := Get(name)
	dec, enc := e.NewDecoder(), e.NewEncoder()
	var repertoire []rune
	var buf [4]byte
	for r := rune(0x80); r <= 0xFFFF; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		out, err := enc.Bytes(buf[:utf8.EncodeRune(buf[:], r)])
		if err != nil {
			continue
		}
		if back, _ := dec.Bytes(out); string(back) == string(r) {
			repertoire = append(repertoire, r)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var text []byte
	for len(text) < 64<<10 {
		text = append(text, "<a "[rng.IntN(3)])
		text = utf8.AppendRune(text, repertoire[rng.IntN(len(repertoire))])
	}
	out, err := enc.Bytes(text)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkDecode decodes text in each legacy encoding with ours and with
// golang.org/x/text's (htmlindex.Get).
func BenchmarkDecode(b *testing.B) {
	for _, name := range []string{"windows-1252", "windows-1251", "iso-8859-2", "gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr"} {
		text := benchText(b, name)
		ours, _ := Get(name)
		xtext, _ := htmlindex.Get(name)
		for _, impl := range []struct {
			name string
			e    encoding.Encoding
		}{{"webenc", ours}, {"x-text", xtext}} {
			b.Run("enc="+name+"/impl="+impl.name, func(b *testing.B) {
				dec := impl.e.NewDecoder()
				dst := make([]byte, 4*len(text))
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				start := cputime.Used()
				for b.Loop() {
					dec.Reset()
					if _, _, err := dec.Transform(dst, text, true); err != nil {
						b.Fatal(err)
					}
				}
				reportCPU(b, start, len(text))
			})
		}
	}
}

// BenchmarkEncode encodes the same texts back.
func BenchmarkEncode(b *testing.B) {
	for _, name := range []string{"windows-1252", "gbk", "big5", "shift_jis", "euc-kr", "iso-2022-jp"} {
		ours, _ := Get(name)
		xtext, _ := htmlindex.Get(name)
		// The characters both encoders have.
		all, _ := ours.NewDecoder().Bytes(benchText(b, name))
		var utf []byte
		xenc := xtext.NewEncoder()
		for _, r := range string(all) {
			if _, err := xenc.String(string(r)); err == nil {
				utf = utf8.AppendRune(utf, r)
			}
		}
		for _, impl := range []struct {
			name string
			e    encoding.Encoding
		}{{"webenc", ours}, {"x-text", xtext}} {
			b.Run("enc="+name+"/impl="+impl.name, func(b *testing.B) {
				enc := impl.e.NewEncoder()
				dst := make([]byte, 4*len(utf))
				b.SetBytes(int64(len(utf)))
				b.ReportAllocs()
				start := cputime.Used()
				for b.Loop() {
					enc.Reset()
					if _, _, err := enc.Transform(dst, utf, true); err != nil {
						b.Fatal(err)
					}
				}
				reportCPU(b, start, len(utf))
			})
		}
	}
}
