package htmltok_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/relink-go/relink/internal/htmltok"
	"golang.org/x/text/transform"
)

// Links in a document that arrives in small pieces: the tokens do not
// depend on where the pieces are split.
func ExampleTokenizer_Next() {
	doc := `<p>See <a HREF="/docs?a=1&amp;b=2" href=ignored>the docs</a>` +
		`<script>document.write("<a href=no>")</script>` +
		`<svg><a href="#icon"/></svg>`
	z := htmltok.New()
	r := strings.NewReader(doc)
	var src []byte
	buf := make([]byte, 7) // a tiny read buffer, for the example
	atEOF := false
	for {
		tok, n, err := z.Next(src, atEOF)
		src = src[n:]
		if err == io.EOF {
			break
		}
		if tok == nil {
			m, err := r.Read(buf)
			src = append(src, buf[:m]...)
			atEOF = err == io.EOF
			continue
		}
		if tok.Type == htmltok.StartTag || tok.Type == htmltok.SelfClosingTag {
			if a, ok := tok.Attr("href"); ok {
				val := htmltok.UnescapeAttr(nil, a.Val, nil)
				fmt.Printf("%s href=%q at %d (raw %q, foreign %v)\n", tok.Name, val, tok.Offset+int64(a.ValOff), a.Val, tok.Foreign)
			}
		}
	}
	// Output:
	// a href="/docs?a=1&b=2" at 16 (raw "/docs?a=1&amp;b=2", foreign false)
	// a href="#icon" at 120 (raw "#icon", foreign true)
}

// Passthrough copies a document unchanged while looking at its tokens.
func ExamplePassthrough() {
	doc := `<!DOCTYPE html><title>A &amp; B</title><!-- note --><p class=x>Hi`
	count := map[htmltok.TokenType]int{}
	p := htmltok.NewPassthrough(func(tok *htmltok.Token) error {
		count[tok.Type]++
		return nil
	})
	out, _, err := transform.String(p, doc)
	fmt.Println(out == doc, err)
	fmt.Println(count[htmltok.StartTag], "start tags,", count[htmltok.Text], "texts,", count[htmltok.Comment], "comment")
	// Output:
	// true <nil>
	// 2 start tags, 2 texts, 1 comment
}

// A link finder that lets the tokenizer pass over what holds no link:
// text, end tags, and the start tags with no attribute it knows. Only
// the tags it names come back, with the offsets they have in the input,
// and the last token, which Next returns whatever it is.
func ExampleTokenizer_SkipStartTagsExcept() {
	doc := []byte(`<div class=nav><span>Home</span> <IMG Src="logo.png" alt=""></div>` +
		`<p title="a > b">Read <a href="/more">more</a>.</p>`)
	z := htmltok.New()
	z.SkipText(htmltok.NotRaw, true)
	z.SkipEndTags(true)
	z.SkipStartTagsExcept(true, nil, []string{"href", "src"})
	for {
		tok, n, err := z.Next(doc, true)
		doc = doc[n:]
		if err == io.EOF {
			break
		}
		fmt.Printf("%s at %d: %q\n", tok.Type, tok.Offset, tok.Raw)
	}
	// Output:
	// StartTag at 33: "<IMG Src=\"logo.png\" alt=\"\">"
	// StartTag at 88: "<a href=\"/more\">"
	// EndTag at 113: "</p>"
}
