// Package bench compares relink with peer libraries in the same run. It is
// a separate module so that the main module does not depend on them.
//
//	cd bench && go test -bench . -benchmem -count 5 | tee /tmp/bench.txt
package bench

import (
	"bufio"
	"encoding/json"
	neturl "net/url"
	"os"
	"strings"
	"testing"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/relink-go/relink/weburl"
)

type webCase struct {
	input, base string
}

// loadWebCases returns the urltestdata.json cases that every parser under
// test accepts, with the base of each ("" for none).
func loadWebCases(tb testing.TB) []webCase {
	data, err := os.ReadFile("../testdata/wpt-url/urltestdata.json")
	if err != nil {
		tb.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		tb.Fatal(err)
	}
	var cases []webCase
	for _, r := range raw {
		var c struct {
			Input   string  `json:"input"`
			Base    *string `json:"base"`
			Failure bool    `json:"failure"`
		}
		if json.Unmarshal(r, &c) != nil || c.Failure {
			continue
		}
		wc := webCase{input: c.Input}
		if c.Base != nil {
			wc.base = *c.Base
		}
		cases = append(cases, wc)
	}
	return cases
}

// loadRealURLs returns the absolute URLs of the shared list of real URLs.
func loadRealURLs(tb testing.TB) []string {
	f, err := os.Open("../testdata/urls/real-urls.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := sc.Text(); strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
			urls = append(urls, s)
		}
	}
	return urls
}

func inputBytes(cases []webCase) (n int64) {
	for _, c := range cases {
		n += int64(len(c.input))
	}
	return n
}

// BenchmarkWebParse parses every accepted urltestdata.json input against
// its base (bases are parsed once, outside the timed loop) and serializes
// the result, with relink's URL Standard parser and with
// github.com/nlnwa/whatwg-url, side by side.
func BenchmarkWebParse(b *testing.B) {
	cases := loadWebCases(b)
	var okRelink, okPeer []webCase
	relinkBases := map[string]*weburl.URL{}
	peerBases := map[string]*whatwg.Url{}
	peer := whatwg.NewParser()
	for _, c := range cases {
		if c.base != "" {
			rb, err1 := weburl.Parse(c.base, nil)
			pb, err2 := peer.Parse(c.base)
			if err1 != nil || err2 != nil {
				continue
			}
			relinkBases[c.base], peerBases[c.base] = rb, pb
		}
		// Both parsers must accept the case, so they do the same work.
		_, err1 := weburl.Parse(c.input, relinkBases[c.base])
		_, err2 := peer.BasicParser(c.input, peerBases[c.base], nil, whatwg.NoState)
		if err1 == nil && err2 == nil {
			okRelink = append(okRelink, c)
			okPeer = append(okPeer, c)
		}
	}
	b.Logf("%d of %d cases accepted by both", len(okRelink), len(cases))
	b.Run("relink", func(b *testing.B) {
		b.SetBytes(inputBytes(okRelink))
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range okRelink {
				u, _ := weburl.Parse(c.input, relinkBases[c.base])
				_ = u.String()
			}
		}
	})
	b.Run("nlnwa-whatwg-url", func(b *testing.B) {
		b.SetBytes(inputBytes(okPeer))
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range okPeer {
				u, _ := peer.BasicParser(c.input, peerBases[c.base], nil, whatwg.NoState)
				_ = u.Href(false)
			}
		}
	})
}

// BenchmarkWebRealURLs parses the absolute real-world URLs of
// testdata/urls/real-urls.txt without a base: relink's allocation-free
// path for URLs already in serialized form, the peer, and net/url.
func BenchmarkWebRealURLs(b *testing.B) {
	urls := loadRealURLs(b)
	var n int64
	for _, u := range urls {
		n += int64(len(u))
	}
	p := weburl.NewParser(nil)
	peer := whatwg.NewParser()
	b.Run("relink", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range urls {
				_, _ = p.Resolve(u, nil)
			}
		}
	})
	b.Run("nlnwa-whatwg-url", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range urls {
				if v, err := peer.Parse(u); err == nil {
					_ = v.Href(false)
				}
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.SetBytes(n)
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range urls {
				if v, err := neturl.Parse(u); err == nil {
					_ = v.String()
				}
			}
		}
	})
}

// TestNormalizedURLAllocs checks the zero-allocation promise for an
// already-normalized ASCII URL with no base.
func TestNormalizedURLAllocs(t *testing.T) {
	p := weburl.NewParser(nil)
	const u = "https://www.example.com/path/to/page.html?q=1&r=%C3%A9#frag"
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Resolve(u, nil) }); n != 0 {
		t.Errorf("Resolve(%q, nil): %v allocations, want 0", u, n)
	}
}
