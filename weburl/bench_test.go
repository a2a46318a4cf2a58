package weburl_test

import (
	"bufio"
	"os"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/relink-go/relink/weburl"
)

// realURLs returns the lines of testdata/urls/real-urls.txt: the hrefs of
// real pages, absolute and relative.
func realURLs(b *testing.B) []string {
	f, err := os.Open("../testdata/urls/real-urls.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines
}

func totalBytes(lines []string) (n int64) {
	for _, s := range lines {
		n += int64(len(s))
	}
	return n
}

// resolveBase is the base URL the real hrefs are resolved against.
const resolveBase = "https://wiki.archiveteam.org/index.php/Main_Page"

// BenchmarkURLParse parses the absolute real URLs without a base, each
// into a *URL. One op is one pass over the list.
func BenchmarkURLParse(b *testing.B) {
	var lines []string
	for _, s := range realURLs(b) {
		if _, err := weburl.Parse(s, nil); err == nil {
			lines = append(lines, s)
		}
	}
	b.SetBytes(totalBytes(lines))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range lines {
			if _, err := weburl.Parse(s, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkURLResolve resolves every real href against one base, into a
// string (Resolve) and into one buffer (AppendResolve, what extract
// does), for a UTF-8 and a windows-1252 page. One op is one pass over the
// list.
func BenchmarkURLResolve(b *testing.B) {
	refs := realURLs(b)
	n := totalBytes(refs)
	for _, cs := range []struct {
		name string
		p    *weburl.Parser
	}{
		{"utf-8", weburl.NewParser(nil)},
		{"windows-1252", weburl.NewParser(charmap.Windows1252)},
	} {
		base, err := cs.p.Parse(resolveBase, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("charset="+cs.name+"/op=Resolve", func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range refs {
					_, _ = cs.p.Resolve(s, base)
				}
			}
		})
		b.Run("charset="+cs.name+"/op=AppendResolve", func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				for _, s := range refs {
					buf, _ = cs.p.AppendResolve(buf[:0], s, base)
				}
			}
		})
	}
}
