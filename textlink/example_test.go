package textlink_test

import (
	"fmt"
	"io"
	"strings"
	"testing/iotest"

	"github.com/relink-go/relink/textlink"
	"golang.org/x/text/transform"
)

func Example() {
	text := `Read https://ja.wikipedia.org/wiki/フィンセント・ファン・ゴッホ, or
example.com/α(β)γ/δ. Mail john.doe@example.com; not file:///etc/passwd.
<http://example.com/very/long/
   path>`
	for _, m := range textlink.Find([]byte(text)) {
		u, _ := m.URI()
		fmt.Printf("%d-%d %q\n   %s\n", m.Start, m.End, m.Value(), u)
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

// Strict detection keeps the links written with a scheme and the email
// addresses, and leaves out the names that only look like domains.
func ExampleMatch_Strict() {
	text := "Run x.sh, read README.md and www.example.com, or mail joe@example.org: https://example.org/faq"
	for _, m := range textlink.Find([]byte(text)) {
		fmt.Printf("%-22s strict=%v\n", m.Raw, m.Strict())
	}
	// Output:
	// x.sh                   strict=false
	// README.md              strict=false
	// www.example.com        strict=false
	// joe@example.org        strict=true
	// https://example.org/faq strict=true
}

func ExampleScanner() {
	var links []string
	s := textlink.NewScanner(func(m *textlink.Match) {
		// m and m.Raw are valid only until this function returns.
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

// Href gives a link found in text as the URL Standard writes it, as an
// attribute holding the same text would have it.
func ExampleMatch_Href() {
	text := `https://en.wikipedia.org/wiki/Blur_[band] www.mystore.com/30%OffCoupons http://example.com/a\b|c alice@example.org|bob@example.org`
	for _, m := range textlink.Find([]byte(text)) {
		h, err := m.Href()
		fmt.Println(h, err)
	}
	// Output:
	// https://en.wikipedia.org/wiki/Blur_[band] <nil>
	// http://www.mystore.com/30%OffCoupons <nil>
	// http://example.com/a/b|c <nil>
	// mailto:alice@example.org <nil>
	// mailto:|bob@example.org <nil>
}

// Where a link ends in documentation: placeholders, emphasis and AsciiDoc
// link text stay out of it, and HasPlaceholder tells a link to be filled
// in.
func ExampleHasPlaceholder() {
	text := "uri = https://eastus.example.com/<domain>/<org>, **https://example.com/bold**, " +
		"https://git-scm.com/docs/git-config[git-config], https://example.com/{name}/x"
	for _, m := range textlink.Find([]byte(text)) {
		fmt.Println(string(m.Raw), textlink.HasPlaceholder(string(m.Raw)))
	}
	// Output:
	// https://eastus.example.com/ false
	// https://example.com/bold false
	// https://git-scm.com/docs/git-config false
	// https://example.com/{name}/x true
}
