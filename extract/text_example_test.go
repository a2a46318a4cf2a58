package extract_test

import (
	"fmt"
	"io"
	"strings"
	"testing/iotest"

	"github.com/relink-go/relink/extract"
	"golang.org/x/text/transform"
)

func ExampleFindTextLinks() {
	text := `Read https://ja.wikipedia.org/wiki/フィンセント・ファン・ゴッホ, or
example.com/α(β)γ/δ. Mail john.doe@example.com; not file:///etc/passwd.
<http://example.com/very/long/
   path>`
	for _, l := range extract.FindTextLinks([]byte(text)) {
		u, _ := l.URI()
		fmt.Printf("%d-%d %q\n   %s\n", l.Start, l.End, l.Value, u)
	}
	// Output:
	// 5-77 "https://ja.wikipedia.org/wiki/フィンセント・ファン・ゴッホ"
	//    https://ja.wikipedia.org/wiki/%E3%83%95%E3%82%A3%E3%83%B3%E3%82%BB%E3%83%B3%E3%83%88%E3%83%BB%E3%83%95%E3%82%A1%E3%83%B3%E3%83%BB%E3%82%B4%E3%83%83%E3%83%9B
	// 82-105 "example.com/α(β)γ/δ"
	//    http://example.com/%CE%B1(%CE%B2)%CE%B3/%CE%B4
	// 112-132 "john.doe@example.com"
	//    mailto:john.doe@example.com
	// 159-196 "http://example.com/very/long/path"
	//    http://example.com/very/long/path
}

func ExampleTextScanner() {
	var links []string
	s := extract.NewTextScanner(func(m *extract.TextMatch) {
		links = append(links, fmt.Sprintf("%d:%s", m.Start, m.Raw))
	})
	text := "see www.example.org/a. and http://[::1]:8080/x"
	var out strings.Builder
	// The scanner passes the text through unchanged, whatever the sizes of
	// the reads, and reports each link once it is certain.
	if _, err := io.Copy(&out, transform.NewReader(iotest.OneByteReader(strings.NewReader(text)), s)); err != nil {
		panic(err)
	}
	fmt.Println(out.String() == text, links)
	// Output:
	// true [4:www.example.org/a 27:http://[::1]:8080/x]
}
