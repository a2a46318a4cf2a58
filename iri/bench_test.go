package iri_test

import (
	"net/url"
	"testing"

	"github.com/relink-go/relink/iri"
)

// asciiURL is a URI that needs no change: ToURI and ToIRI return it
// without allocating.
const asciiURL = "https://www.example.com/path/to/some/page.html?query=value&x=1#section-2"

// BenchmarkASCII measures the fast path on a URI that needs no change,
// next to net/url's Parse and String on the same input.
func BenchmarkASCII(b *testing.B) {
	c := iri.NewConverter()
	b.Run("impl=ToURI", func(b *testing.B) {
		b.SetBytes(int64(len(asciiURL)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.ToURI(asciiURL); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=ToIRI", func(b *testing.B) {
		b.SetBytes(int64(len(asciiURL)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := c.ToIRI(asciiURL); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=net-url", func(b *testing.B) {
		b.SetBytes(int64(len(asciiURL)))
		b.ReportAllocs()
		for b.Loop() {
			u, err := url.Parse(asciiURL)
			if err != nil {
				b.Fatal(err)
			}
			_ = u.String()
		}
	})
}

// benchURLs returns the lines of testdata/urls/real-urls.txt that both
// ToURI and net/url accept, so that every sub-benchmark does the same
// work, and the subset with non-ASCII characters or percent-encoded
// non-ASCII bytes.
func benchURLs(b *testing.B) (all, intl []string) {
	for _, s := range readLines(b, realURLsFile) {
		if _, err := iri.ToURI(s); err != nil {
			continue
		}
		if _, err := url.Parse(s); err != nil {
			continue
		}
		all = append(all, s)
		if !isASCII(s) || hasEncodedNonASCII(s) {
			intl = append(intl, s)
		}
	}
	return all, intl
}

func hasEncodedNonASCII(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && s[i+1] >= '8' && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			return true
		}
	}
	return false
}

func totalBytes(lines []string) int64 {
	n := 0
	for _, s := range lines {
		n += len(s)
	}
	return int64(n)
}

// BenchmarkRealURLs runs ToURI, ToIRI and net/url (Parse then String) side
// by side on the real URLs: "all" is the whole list (mostly ASCII, as
// found in pages), "intl" the lines with non-ASCII characters or
// percent-encoded UTF-8. One op is one pass over the list. Compare the
// implementations with
//
//	go test -run XXX -bench . -benchmem -count 5 ./iri >b.txt
//	benchstat -col /impl b.txt
func BenchmarkRealURLs(b *testing.B) {
	all, intl := benchURLs(b)
	c := iri.NewConverter()
	for _, set := range []struct {
		name  string
		lines []string
	}{{"all", all}, {"intl", intl}} {
		lines := set.lines
		n := totalBytes(lines)
		b.Run("set="+set.name+"/impl=ToURI", func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range lines {
					if _, err := c.ToURI(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("set="+set.name+"/impl=ToIRI", func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range lines {
					_, _ = c.ToIRI(s)
				}
			}
		})
		b.Run("set="+set.name+"/impl=net-url", func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range lines {
					u, err := url.Parse(s)
					if err != nil {
						b.Fatal(err)
					}
					_ = u.String()
				}
			}
		})
	}
}

// idnURLs are URIs with A-label hosts, half of them spoofs: ToIRI decodes
// each label and runs the display policy on it (see DisplayHost).
var idnURLs = []string{
	"http://xn--bcher-kva.de/buch",                 // bücher.de
	"https://xn--r8jz45g.xn--zckzah/",              // 例え.テスト
	"http://xn--e1afmkfd.xn--p1ai/",                // пример.рф
	"http://xn--3e0b707e.kr/",                      // 한국.kr
	"https://www.xn--mnchen-3ya.de/stadt",          // münchen.de
	"http://xn--hxajbheg2az3al.xn--jxalpdlp/",      // παράδειγμα.δοκιμή
	"http://xn--80ak6aa92e.com/",                   // аррӏе.com
	"http://xn--ggle-55da.com/login",               // gооgle.com
	"http://xn--nstagram-skb.com/",                 // ınstagram.com
	"http://google.xn--comaccounts-4e5j.evil.com/", // google.comノaccounts.evil.com
	"http://xn--oogle-qmc.com/",                    // ɡoogle.com
	"http://xn--gogle-lkg.com/",                    // gօogle.com
}

// BenchmarkToIRIIDN measures ToIRI on hosts in A-labels, where the
// display policy runs. One op is one pass over idnURLs.
func BenchmarkToIRIIDN(b *testing.B) {
	c := iri.NewConverter()
	b.SetBytes(totalBytes(idnURLs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range idnURLs {
			if _, err := c.ToIRI(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// resolveBase is the base URL the real hrefs are resolved against.
const resolveBase = "https://wiki.archiveteam.org/index.php/Main_Page"

// BenchmarkRFCResolve resolves the real hrefs that LEIRI accepts against
// one base with the package's Resolve, the base parsed each time (RFC
// 3986 on the text). One op is one pass over the list.
func BenchmarkRFCResolve(b *testing.B) {
	var refs []string
	for _, s := range readLines(b, realURLsFile) {
		if _, err := iri.Resolve(s, resolveBase); err == nil {
			refs = append(refs, s)
		}
	}
	b.SetBytes(totalBytes(refs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range refs {
			if _, err := iri.Resolve(s, resolveBase); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkWebToURI maps the real hrefs, absolute and relative, with a
// Web-mode converter: the URL Standard's href, or a relative reference
// encoded as a browser encodes it. One op is one pass over the list.
func BenchmarkWebToURI(b *testing.B) {
	refs := readLines(b, realURLsFile)
	c := iri.NewConverter(iri.WithMode(iri.Web))
	b.SetBytes(totalBytes(refs))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range refs {
			_, _ = c.ToURI(s)
		}
	}
}
