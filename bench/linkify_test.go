package bench

import (
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/linkify"
	"golang.org/x/text/transform"
)

// linkifyInputs are the inputs of linkifyhtml/bench.js: an HTML mail
// (linkifyjs's performance input) and a forum thread (two posts, 50 times
// each).
func linkifyInputs(b *testing.B) []struct {
	name string
	html []byte
} {
	read := func(name string) string {
		data, err := os.ReadFile("../linkify/testdata/chromium/pages/" + name)
		if err != nil {
			b.Fatal(err)
		}
		return string(data)
	}
	return []struct {
		name string
		html []byte
	}{
		{"mail", []byte(read("mail-linkifyjs-email.html"))},
		{"forum", []byte(strings.Repeat(read("forum-phpbb.html")+read("forum-discourse.html"), 50))},
	}
}

// BenchmarkLinkifyHTML measures linkify.NewHTML on the inputs that
// linkifyhtml/bench.js gives linkify-html and Autolinker.js, in MB per
// CPU-second as the script reports them:
//
//	go test -run XXX -bench LinkifyHTML -benchtime 2s
func BenchmarkLinkifyHTML(b *testing.B) {
	for _, in := range linkifyInputs(b) {
		b.Run(in.name+"/impl=relink", func(b *testing.B) {
			h := linkify.NewHTML(linkify.Options{Charset: "utf-8"})
			out := make([]byte, 0, 2*len(in.html))
			b.SetBytes(int64(len(in.html)))
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				h.Reset()
				var err error
				out, _, err = transform.Append(h, out[:0], in.html)
				if err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start, int64(len(in.html)))
			b.ReportMetric(float64(h.Stats().Links), "links")
		})
	}
}
