package linkify

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/weburl"
	"golang.org/x/net/html"
)

// A peerCase is a case of a peer's test suite, in testdata/peers: an
// input, the peer's output, and what of it to compare.
type peerCase struct {
	Name     string         `json:"name"`
	Input    string         `json:"input"`
	Expected *string        `json:"expected"`
	Kwargs   map[string]any `json:"kwargs"`
	Options  map[string]any `json:"options"`
	Skip     string         `json:"skip"`
	// Idempotent asks that the input linkified twice be the input
	// linkified once (bleach's test_linkify_idempotent).
	Idempotent bool `json:"idempotent"`
	// Validate, in linkify-html's tests, is a validate option that
	// takes only links written with a scheme or "www": Strict is the
	// nearest.
	Validate string `json:"validate"`
}

// TestPeers runs the HTML linkifier over the test suites of three peers,
// bleach.linkify, linkify-html (linkifyjs) and Autolinker.js, and
// compares what matters of each output, parsed as a browser parses it:
// the links made, in order (their hrefs, as URIs after the URL
// Standard's parser, so that "http://example.com" and
// "http://example.com/" are one), their text, and the text of the whole
// document (Autolinker shortens the text of its links, so only its hrefs
// are compared). A case answered differently on purpose is listed, with
// the reason, in testdata/peers/known-differences.txt, which the test
// keeps exact: a listed case that passes fails the test too.
func TestPeers(t *testing.T) {
	known := readKnown(t, "testdata/peers/known-differences.txt")
	seen := map[string]bool{}
	for _, suite := range []struct {
		name, file string
		text       bool // compare the text, not only the hrefs
	}{
		{"bleach", "testdata/peers/bleach/cases.json", true},
		{"linkifyjs", "testdata/peers/linkifyjs/cases.json", true},
		{"autolinker", "testdata/peers/autolinker/cases.json", false},
	} {
		cases := readPeerCases(t, suite.file)
		pass, skipped := 0, 0
		for _, c := range cases {
			key := suite.name + "\t" + c.Name
			if c.Skip != "" {
				skipped++ // the reason is in the file
				continue
			}
			why := runPeerCase(&c, suite.text)
			_, listed := known[key]
			seen[key] = true
			switch {
			case why == "" && listed:
				t.Errorf("%s: %s: passes, but known-differences.txt lists it", suite.name, c.Name)
			case why != "" && !listed:
				t.Errorf("%s: %s: %s\n(not in known-differences.txt, whose line would be %q)", suite.name, c.Name, why, key+"\tREASON")
			case why == "":
				pass++
			}
		}
		t.Logf("%s: %d of %d cases pass, %d differ on purpose (known-differences.txt), %d not run (need the peer's code: %s)",
			suite.name, pass, len(cases)-skipped, len(cases)-skipped-pass, skipped, suite.file)
	}
	for key := range known {
		if !seen[key] {
			t.Errorf("known-differences.txt lists %q, which is no case", key)
		}
	}
}

// runPeerCase runs c and returns "" when the output agrees with the
// peer's, else what differs.
func runPeerCase(c *peerCase, text bool) string {
	opts := Options{Charset: "utf-8", Strict: c.Validate != ""}
	if tags, ok := c.Kwargs["skip_tags"].([]any); ok {
		opts.Skip = []string{}
		for _, s := range tags {
			opts.Skip = append(opts.Skip, s.(string))
		}
	}
	got := HTMLString(c.Input, opts)
	if c.Idempotent {
		if again := HTMLString(got, opts); again != got {
			return fmt.Sprintf("not idempotent: %q, then %q", got, again)
		}
		return ""
	}
	gl, gt := linksOf(got)
	wl, wt := linksOf(*c.Expected)
	if text && gt != wt {
		return fmt.Sprintf("text %q, want %q (output %q)", gt, wt, got)
	}
	if len(gl) != len(wl) {
		return fmt.Sprintf("links %q, want %q (output %q)", gl, wl, got)
	}
	for i := range gl {
		if gl[i].href != wl[i].href || text && gl[i].text != wl[i].text {
			return fmt.Sprintf("links %q, want %q (output %q)", gl, wl, got)
		}
	}
	return ""
}

type peerLink struct{ href, text string }

// linksOf returns the a elements with an href of the HTML s, parsed as a
// browser parses it, and the text of the whole document.
func linksOf(s string) ([]peerLink, string) {
	doc, err := html.Parse(strings.NewReader(s))
	if err != nil {
		return nil, ""
	}
	var links []peerLink
	var all strings.Builder
	var walk func(n *html.Node, a *peerLink)
	walk = func(n *html.Node, a *peerLink) {
		if n.Type == html.TextNode {
			all.WriteString(n.Data)
			if a != nil {
				a.text += n.Data
			}
		}
		if n.Type == html.ElementNode && n.Data == "a" {
			for _, at := range n.Attr {
				if at.Key == "href" && at.Namespace == "" {
					links = append(links, peerLink{href: normHref(at.Val)})
					i := len(links) - 1
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						var l peerLink
						walk(c, &l)
						links[i].text += l.text
					}
					return
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, a)
		}
	}
	walk(doc, nil)
	return links, all.String()
}

// normHref returns h as a URI after the URL Standard's parser.
func normHref(h string) string {
	u, err := weburl.Parse(h, nil)
	if err != nil {
		return h
	}
	s, _ := (&extract.Link{Href: u.String()}).URI()
	return s
}

func readPeerCases(t *testing.T, file string) []peerCase {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases     []peerCase `json:"cases"`
		LinkCases []struct {
			File     string         `json:"file"`
			Line     int            `json:"line"`
			It       string         `json:"it"`
			Options  map[string]any `json:"options"`
			Input    string         `json:"input"`
			Expected string         `json:"expected_html"`
		} `json:"link_cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for i, c := range doc.LinkCases {
		exp := c.Expected
		doc.Cases = append(doc.Cases, peerCase{Name: fmt.Sprintf("link_cases[%d] %s:%d", i, c.File, c.Line), Input: c.Input, Expected: &exp, Options: c.Options})
	}
	return doc.Cases
}

// readKnown reads the known differences: lines "suite<TAB>case<TAB>reason".
func readKnown(t *testing.T, file string) map[string]string {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[2] == "" {
			t.Fatalf("%s: %q: want suite, case and reason separated by tabs", file, line)
		}
		known[f[0]+"\t"+f[1]] = f[2]
	}
	return known
}
