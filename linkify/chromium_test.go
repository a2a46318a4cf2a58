package linkify

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// chromiumRel marks the a elements made for testdata/chromium (gen.go's
// Opts).
const chromiumRel = "nofollow x-relink"

// TestChromiumDOM checks the DOMs that headless Chromium made, scripts
// enabled, of the pages of testdata/chromium/pages (hostile HTML, a
// complex HTML mail, forum posts and a mailing-list archive page) and of
// their linkified forms (testdata/chromium/gen.go records them): once
// each a element the linkifier made is replaced by its content, the two
// are the same, so that linkifying added no element, no attribute and
// no text and ran no script (a script that ran would have changed the
// DOM; the hostile page's would set its title to PWNED); each a element
// made has only href, rel, target, title and dir attributes, an href of
// a linked scheme, and no a element around it.
func TestChromiumDOM(t *testing.T) {
	b, err := os.ReadFile("testdata/chromium/results.json")
	if err != nil {
		t.Fatal(err)
	}
	var results []struct {
		Page   string `json:"page"`
		OutSHA string `json:"out_sha256"`
		InDOM  string `json:"in_dom"`
		OutDOM string `json:"out_dom"`
	}
	if err := json.Unmarshal(b, &results); err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, r := range results {
		in, err := os.ReadFile("testdata/chromium/pages/" + r.Page)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		// A link whose text is its display form rather than its bytes
		// (a punycode host shown in Unicode, a spoofed one as its
		// A-label) is compared with the text as written.
		written := map[string][]string{} // the values written of the links of each text, in order
		out := HTMLString(string(in), Options{Rel: chromiumRel, Edit: func(l *Link) bool {
			written[l.Text] = append(written[l.Text], l.Value)
			return true
		}})
		if sum := sha256.Sum256([]byte(out)); hex.EncodeToString(sum[:]) != r.OutSHA {
			t.Errorf("%s: the linkified page is not the one Chromium rendered: run go run gen.go in testdata/chromium", r.Page)
			continue
		}
		inDoc, err1 := html.Parse(strings.NewReader(r.InDOM))
		outDoc, err2 := html.Parse(strings.NewReader(r.OutDOM))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", r.Page, err1, err2)
		}
		n, bad := checkMade(outDoc, false)
		for _, s := range bad {
			t.Errorf("%s: %s", r.Page, s)
		}
		if n == 0 || n != strings.Count(out, chromiumRel) {
			t.Errorf("%s: %d links in Chromium's DOM, %d made", r.Page, n, strings.Count(out, chromiumRel))
		}
		unwrapRel(outDoc, chromiumRel, written)
		unwrapRel(inDoc, "\x00", nil) // the adjacent text nodes joined as in outDoc
		var ib, ob bytes.Buffer
		html.Render(&ib, inDoc)
		html.Render(&ob, outDoc)
		if ib.String() != ob.String() {
			t.Errorf("%s: Chromium's DOMs differ but for the links made:\n in %s\nout %s", r.Page, ib.String(), ob.String())
		}
		if strings.Contains(r.OutDOM, "<title>PWNED") {
			t.Errorf("%s: a script ran", r.Page)
		}
		t.Logf("%s: %d links made, DOM otherwise the same", r.Page, n)
	}
	if pages < 5 {
		t.Errorf("%d pages in results.json", pages)
	}
}

// checkMade returns how many a elements with rel chromiumRel the tree n
// holds, and what is wrong with them: an attribute other than href,
// rel, target, title and dir; an href not of a linked scheme; an a
// element around one (inA: n is in one).
func checkMade(n *html.Node, inA bool) (count int, bad []string) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		isA := c.Type == html.ElementNode && c.Data == "a"
		if isA && hasAttr(c, "rel", chromiumRel) {
			count++
			if inA {
				bad = append(bad, "a link made in a link")
			}
			for _, a := range c.Attr {
				switch {
				case a.Namespace != "":
					bad = append(bad, "attribute "+a.Namespace+":"+a.Key)
				case a.Key == "href":
					if !safeURI(a.Val) {
						bad = append(bad, "href "+a.Val)
					}
				case a.Key == "rel" || a.Key == "target" || a.Key == "title" || a.Key == "dir":
				default:
					bad = append(bad, "attribute "+a.Key)
				}
			}
		}
		k, b := checkMade(c, inA || isA)
		count += k
		bad = append(bad, b...)
	}
	return count, bad
}

// unwrapRel replaces the a elements of n with the rel attribute rel by
// their children, each text of written by the next of its values, and joins
// adjacent text nodes.
func unwrapRel(n *html.Node, rel string, written map[string][]string) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		unwrapRel(c, rel, written)
		if c.Type == html.ElementNode && c.Data == "a" && hasAttr(c, "rel", rel) {
			if g := c.FirstChild; g != nil && g.Type == html.TextNode && g.NextSibling == nil {
				if v := written[g.Data]; len(v) > 0 {
					written[g.Data] = v[1:]
					g.Data = v[0]
				}
			}
			for g := c.FirstChild; g != nil; {
				gn := g.NextSibling
				c.RemoveChild(g)
				n.InsertBefore(g, c)
				g = gn
			}
			n.RemoveChild(c)
		}
		c = next
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		for c.Type == html.TextNode && c.NextSibling != nil && c.NextSibling.Type == html.TextNode {
			c.Data += c.NextSibling.Data
			n.RemoveChild(c.NextSibling)
		}
	}
}
