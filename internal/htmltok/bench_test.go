package htmltok

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/testcorpus"
	"golang.org/x/net/html"
	"golang.org/x/text/transform"
)

// BenchmarkTokenizer compares the tokenizer with x/net/html's on the same
// inputs, side by side: the sample pages concatenated, and, when
// RELINK_CORPUS is set, the pages of the HTML corpus (internal/testcorpus)
// concatenated. For each:
//
//   - htmltok: Next over the whole input, touching each token's Raw;
//   - htmltok-attrs: the same plus, for each start tag, every attribute
//     name and decoded value (UnescapeAttr), which is the work of a link
//     extractor;
//   - htmltok-passthrough-4k: Passthrough through transform.NewReader, the
//     streaming path, 4 KiB at a time;
//   - xnet: x/net/html Tokenizer.Next + Raw, the passthrough baseline;
//   - xnet-attrs: Next + Raw, and TagName + TagAttr for each start tag.
//
// Besides MB/s and allocs/op it reports tokens/op, allocs/token, and
// MB/cpu-s: throughput per second of process CPU time (garbage collection
// included), which is what to compare on a machine shared with other work,
// where wall time is noisy.
func BenchmarkTokenizer(b *testing.B) {
	type input struct {
		name string
		data []byte
	}
	inputs := []input{{"pages", readAll(b, samplePages(b))}}
	if testcorpus.HTML.Dir() != "" {
		var buf bytes.Buffer
		for _, f := range testcorpus.HTML.Files(b) {
			buf.Write(f.Read(b))
		}
		inputs = append(inputs, input{"corpus", buf.Bytes()})
	}
	for _, in := range inputs {
		data := in.data
		b.Run(in.name+"/htmltok", func(b *testing.B) { benchOurs(b, data, false) })
		b.Run(in.name+"/htmltok-attrs", func(b *testing.B) { benchOurs(b, data, true) })
		b.Run(in.name+"/htmltok-passthrough-4k", func(b *testing.B) { benchPassthrough(b, data) })
		b.Run(in.name+"/xnet", func(b *testing.B) { benchXNet(b, data, false) })
		b.Run(in.name+"/xnet-attrs", func(b *testing.B) { benchXNet(b, data, true) })
	}
}

func readAll(b *testing.B, paths []string) []byte {
	var buf bytes.Buffer
	for _, p := range paths {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		buf.Write(d)
	}
	return buf.Bytes()
}

// measure holds what a benchmark counts besides time.
type measure struct {
	ms  runtime.MemStats
	cpu time.Duration
}

func startMeasure() measure {
	var m measure
	runtime.ReadMemStats(&m.ms)
	m.cpu = cpuTime()
	return m
}

// perToken reports tokens/op and allocs/token, from the mallocs counted
// since m, and MB/cpu-s.
func perToken(b *testing.B, size, tokens int, m measure) {
	cpu := cpuTime() - m.cpu
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(tokens)/float64(b.N), "tokens/op")
	b.ReportMetric(float64(after.Mallocs-m.ms.Mallocs)/float64(tokens), "allocs/token")
	if cpu > 0 && m.cpu > 0 {
		b.ReportMetric(float64(b.N)*float64(size)/cpu.Seconds()/1e6, "MB/cpu-s")
	}
}

var sink int

func benchOurs(b *testing.B, data []byte, attrs bool) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	z := New()
	var val []byte
	tokens := 0
	ms := startMeasure()
	b.ResetTimer()
	for range b.N {
		z.Reset()
		for off := 0; ; {
			tok, n, err := z.Next(data[off:], true)
			off += n
			if err != nil {
				break
			}
			tokens++
			sink += len(tok.Raw)
			if attrs && (tok.Type == StartTag || tok.Type == SelfClosingTag) {
				sink += len(tok.Name)
				for _, a := range tok.Attrs {
					val = UnescapeAttr(val[:0], a.Val, nil)
					sink += len(a.Name) + len(val)
				}
			}
		}
	}
	b.StopTimer()
	perToken(b, len(data), tokens, ms)
}

func benchPassthrough(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	tokens := 0
	p := NewPassthrough(func(*Token) error { tokens++; return nil })
	r := bytes.NewReader(data)
	buf := make([]byte, 4096)
	ms := startMeasure()
	b.ResetTimer()
	for range b.N {
		r.Reset(data)
		p.Reset()
		tr := transform.NewReader(r, p)
		if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{tr}, buf); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	perToken(b, len(data), tokens, ms)
}

func benchXNet(b *testing.B, data []byte, attrs bool) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	tokens := 0
	ms := startMeasure()
	b.ResetTimer()
	for range b.N {
		z := html.NewTokenizer(bytes.NewReader(data))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			tokens++
			sink += len(z.Raw())
			if attrs && (tt == html.StartTagToken || tt == html.SelfClosingTagToken) {
				name, more := z.TagName()
				sink += len(name)
				for more {
					var k, v []byte
					k, v, more = z.TagAttr()
					sink += len(k) + len(v)
				}
			}
		}
	}
	b.StopTimer()
	perToken(b, len(data), tokens, ms)
}

// BenchmarkPassOver runs Next with the settings of package extract's
// HTML extractor (raw text passed over but a style element's, end tags
// but a's and style's, start tags without an attribute of htmlattr's
// rules table, and ordinary text outside an a element): the pass path of
// a link extractor, on the sample pages and, when RELINK_CORPUS is set,
// on the corpus's pages concatenated. For counting instructions:
//
//	go test -c -o /tmp/x.test ./internal/htmltok
//	RELINK_CORPUS=DIR/html valgrind --tool=callgrind --toggle-collect='*benchPassOver*' \
//		/tmp/x.test -test.run=NONE -test.bench=PassOver/corpus -test.benchtime=1x
func BenchmarkPassOver(b *testing.B) {
	seen := map[string]bool{}
	var attrs []string
	for _, e := range htmlattr.Rules() {
		if e.Role != htmlattr.RoleSpeculative && !seen[e.Attr] {
			seen[e.Attr] = true
			attrs = append(attrs, e.Attr)
		}
	}
	b.Run("pages", func(b *testing.B) { benchPassOver(b, readAll(b, samplePages(b)), attrs) })
	if testcorpus.HTML.Dir() != "" {
		var buf bytes.Buffer
		for _, f := range testcorpus.HTML.Files(b) {
			buf.Write(f.Read(b))
		}
		b.Run("corpus", func(b *testing.B) { benchPassOver(b, buf.Bytes(), attrs) })
	}
}

func benchPassOver(b *testing.B, data []byte, attrs []string) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	wanted := []string{"a", "style"}
	z := New()
	for r := Script; r <= Plaintext; r++ {
		z.SkipText(r, r != Style)
	}
	z.SkipText(NotRaw, true)
	z.SkipEndTags(true, wanted...)
	z.SkipStartTagsExcept(true, wanted, attrs)
	z.SkipStartTags(func(tok *Token) bool {
		if string(tok.Name) == "a" || string(tok.Name) == "style" {
			return true
		}
		for i := range tok.Attrs {
			if a := &tok.Attrs[i]; !a.Dup && a.ValOff >= 0 {
				if _, ok := htmlattr.Lookup(tok.Name, a.Name); ok {
					return true
				}
			}
		}
		return false
	})
	tokens := 0
	ms := startMeasure()
	b.ResetTimer()
	for range b.N {
		z.Reset()
		z.SkipText(NotRaw, true)
		for off := 0; ; {
			tok, n, err := z.Next(data[off:], true)
			off += n
			if err != nil {
				break
			}
			if tok == nil {
				continue
			}
			tokens++
			sink += len(tok.Raw)
			if string(tok.Name) == "a" {
				z.SkipText(NotRaw, tok.Type == EndTag)
			}
		}
	}
	b.StopTimer()
	perToken(b, len(data), tokens, ms)
}
