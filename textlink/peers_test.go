package textlink

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The fixtures of other linkifiers, in testdata/peers/<suite> (each with
// its PROVENANCE.md and license), run against Find. Every case
// compares a list of strings: the links a peer expects, as its harness
// observes them (the link texts, or the hrefs for the suites that only
// show HTML), with what Find finds, projected the same way.
// Options of a peer that change which kinds of link it reports (emails
// off, scheme required) filter our links the same way; options we have no
// equivalent for make a case not applicable, and it is counted as such.
//
// A case we answer differently on purpose is listed, with our answer and a
// category, in testdata/peers/known-differences.tsv. TestPeerLinkifiers
// fails when a difference is not listed, or a listed one is gone or now
// answered differently. RELINK_PEERS_TODO=1 prints the unlisted ones in the
// file's format.

const peerDir = "testdata/peers/"

type peerCase struct {
	suite string
	id    string   // where the case is in the suite's files
	input string   // the text given to the linkifier
	want  []string // what the peer expects
	first bool     // the peer's harness checks only the first link

	// project maps one of our links to what the peer's harness observes;
	// nil means its text. keep filters our links by kind; nil keeps all.
	project func(Match) string
	keep    func(Match) bool
}

// ours is what Find answers for c, as the peer's harness sees it.
func (c *peerCase) ours() []string {
	got := []string{}
	for _, l := range Find([]byte(c.input)) {
		if c.keep != nil && !c.keep(l) {
			continue
		}
		if c.project != nil {
			got = append(got, c.project(l))
		} else {
			got = append(got, string(l.Raw))
		}
	}
	if c.first && len(got) > 1 {
		got = got[:1]
	}
	return got
}

func peerJSON(v any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// hrefOf is the href a peer that writes HTML gives our link: the scheme
// that URI puts before a link written without one, and the Value.
func hrefOf(l Match) string {
	switch {
	case l.Scheme != "":
		return l.Value()
	case l.Email:
		return "mailto:" + l.Value()
	}
	return "http://" + l.Value()
}

func noEmails(l Match) bool { return !l.Email }

// anchorRE finds the anchors of a peer's HTML.
var anchorRE = regexp.MustCompile(`(?s)<a href="([^"]*)"[^>]*>(.*?)</a>`)

// anchors returns the hrefs (or texts) of the anchors in s, HTML-unescaped,
// leaving out those the input already had (same href and text).
func anchors(s string, text bool, had map[[2]string]bool) []string {
	out := []string{}
	for _, m := range anchorRE.FindAllStringSubmatch(s, -1) {
		if had[[2]string{m[1], m[2]}] {
			continue
		}
		v := m[1]
		if text {
			v = m[2]
		}
		out = append(out, html.UnescapeString(v))
	}
	return out
}

// plainText turns the HTML a peer linkifies into the text a plain-text
// detector sees: the tags of elements become spaces (a "<" that does not
// start one, like "<mailto:x@example.com>", is text, as an HTML sanitizer
// leaves it), character references are decoded, and existing anchors are
// dropped, content and all: the peers leave them alone. It also returns
// the anchors the input had.
var (
	tagRE         = regexp.MustCompile(`</?[a-zA-Z][a-zA-Z0-9]*(?:[\s/][^>]*)?>|<!--.*?-->|<![^>]*>`)
	inputAnchorRE = regexp.MustCompile(`(?s)<a\s[^>]*>.*?</a>`)
)

func plainText(s string) (string, map[[2]string]bool) {
	had := map[[2]string]bool{}
	for _, m := range anchorRE.FindAllStringSubmatch(s, -1) {
		had[[2]string{m[1], m[2]}] = true
	}
	s = inputAnchorRE.ReplaceAllString(s, " ")
	s = tagRE.ReplaceAllString(s, " ")
	return html.UnescapeString(s), had
}

func readJSON(t testing.TB, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(peerDir + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// loadPeerCases reads every suite. notApplicable counts, per suite, the
// cases whose options have no equivalent here.
func loadPeerCases(t testing.TB) []peerCase {
	cases, _ := loadPeerSuites(t)
	return cases
}

func loadPeerSuites(t testing.TB) ([]peerCase, map[string]int) {
	t.Helper()
	na := map[string]int{}
	var cases []peerCase
	cases = append(cases, xurlsCases(t, na)...)
	cases = append(cases, linkifyItCases(t, "linkify-it")...)
	cases = append(cases, linkifyItCases(t, "linkify-it-py")...)
	cases = append(cases, twitterCases(t)...)
	cases = append(cases, robinstCases(t, na)...)
	cases = append(cases, autolinkerCases(t, na)...)
	cases = append(cases, bleachCases(t, na)...)
	cases = append(cases, cmarkCases(t, na)...)
	return cases, na
}

// xurls: cases.json holds the rows of xurls_test.go; want_first_match is
// what the regexp's FindString returns. The "constant" rows hold for both
// Relaxed() and Strict(), "Relaxed2" for Relaxed() only; the rows for
// Strict() alone, or a scheme-matching variant, test configurations that
// require a scheme, and are not applicable.
func xurlsCases(t testing.TB, na map[string]int) []peerCase {
	var f struct {
		Groups map[string]struct {
			Cases []struct {
				Line  int     `json:"line"`
				Input string  `json:"input"`
				Want  *string `json:"want_first_match"`
			} `json:"cases"`
		} `json:"groups"`
	}
	readJSON(t, "xurls/cases.json", &f)
	var cases []peerCase
	for _, g := range []string{"constant", "Relaxed2"} {
		for _, c := range f.Groups[g].Cases {
			pc := peerCase{suite: "xurls", id: fmt.Sprintf("xurls_test.go:%d", c.Line), input: c.Input, first: true, want: []string{}}
			if c.Want != nil {
				pc.want = []string{*c.Want}
			}
			cases = append(cases, pc)
		}
	}
	for g, v := range f.Groups {
		if g != "constant" && g != "Relaxed2" {
			na["xurls"] += len(v.Cases)
		}
	}
	return cases
}

// linkify-it: links.txt (read as upstream's test.mjs reads it): lines that
// start with "%" are comments; a non-empty line is an input, and if the
// next line is not empty it is the expected url of the first match,
// otherwise the input itself is. not_links.txt: each line that is not a
// comment must give no match.
func linkifyItCases(t testing.TB, suite string) []peerCase {
	var cases []peerCase
	lines := readLines(t, suite+"/links.txt")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" || strings.HasPrefix(line, "%") {
			continue
		}
		want := line
		if i+1 < len(lines) && lines[i+1] != "" {
			want = lines[i+1]
			i++
		}
		cases = append(cases, peerCase{suite: suite, id: fmt.Sprintf("links.txt:%d", i+1), input: line, want: []string{want}, first: true})
	}
	for i, line := range readLines(t, suite+"/not_links.txt") {
		if line == "" || strings.HasPrefix(line, "%") {
			continue
		}
		cases = append(cases, peerCase{suite: suite, id: fmt.Sprintf("not_links.txt:%d", i+1), input: line, want: []string{}})
	}
	return cases
}

func readLines(t testing.TB, name string) []string {
	t.Helper()
	data, err := os.ReadFile(peerDir + name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// twitter-text: the URL sections of extract.yml (extractUrls and
// extractUrlsWithIndices). twitter-text does not extract email addresses,
// so ours are left out.
func twitterCases(t testing.TB) []peerCase {
	sections := map[string]bool{"urls": true, "urls_with_indices": true, "urls_with_directional_markers": true, "tco_urls_with_params": true}
	var cases []peerCase
	for _, c := range readTwitterYAML(t, "twitter-text/extract.yml", sections) {
		cases = append(cases, peerCase{suite: "twitter-text", id: c.id, input: c.text, want: c.expected, keep: noEmails})
	}
	return cases
}

type twitterCase struct {
	id       string
	text     string
	expected []string
}

// readTwitterYAML reads the test lists of a twitter-text conformance file
// in the few YAML forms those files use: "  section:" headings, items
// "    - description: ...", "      text: ...", and "      expected: [...]"
// or "      expected:" followed by "- url: ..." entries.
func readTwitterYAML(t testing.TB, name string, sections map[string]bool) []twitterCase {
	t.Helper()
	f, err := os.Open(peerDir + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []twitterCase
	var cur *twitterCase
	section := ""
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n++
		line := sc.Text()
		trim := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case trim == "" || strings.HasPrefix(trim, "#"):
		case indent == 2 && strings.HasSuffix(trim, ":"):
			section = strings.TrimSuffix(trim, ":")
			cur = nil
		case !sections[section]:
		case strings.HasPrefix(trim, "- description:"):
			out = append(out, twitterCase{id: fmt.Sprintf("%s:%d %s", strings.TrimPrefix(name, "twitter-text/"), n, section)})
			cur = &out[len(out)-1]
		case cur == nil:
			t.Fatalf("%s:%d: unexpected %q", name, n, line)
		case strings.HasPrefix(trim, "text:"):
			cur.text = yamlScalar(t, strings.TrimSpace(strings.TrimPrefix(trim, "text:")))
		case trim == "expected: []":
			cur.expected = []string{}
		case strings.HasPrefix(trim, "expected: ["):
			cur.expected = yamlFlowList(t, strings.TrimPrefix(trim, "expected: "))
		case trim == "expected:":
			cur.expected = []string{}
		case strings.HasPrefix(trim, "- url:"):
			cur.expected = append(cur.expected, yamlScalar(t, strings.TrimSpace(strings.TrimPrefix(trim, "- url:"))))
		case strings.HasPrefix(trim, "indices:"), strings.HasPrefix(trim, "- ") && indent >= 6:
			if strings.HasPrefix(trim, "- ") {
				cur.expected = append(cur.expected, yamlScalar(t, strings.TrimPrefix(trim, "- ")))
			}
		default:
			t.Fatalf("%s:%d: unexpected %q", name, n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// yamlScalar decodes a plain, single-quoted or double-quoted YAML scalar.
func yamlScalar(t testing.TB, s string) string {
	t.Helper()
	switch {
	case strings.HasPrefix(s, `"`):
		v, rest := yamlDouble(t, s)
		if strings.TrimSpace(rest) != "" {
			t.Fatalf("trailing %q after %q", rest, s)
		}
		return v
	case strings.HasPrefix(s, `'`):
		if !strings.HasSuffix(s, `'`) || len(s) < 2 {
			t.Fatalf("bad scalar %q", s)
		}
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	return s
}

// yamlDouble decodes the double-quoted scalar at the start of s and returns
// it and the rest of s.
func yamlDouble(t testing.TB, s string) (string, string) {
	t.Helper()
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			return b.String(), s[i+1:]
		case '\\':
			i++
			if i >= len(s) {
				t.Fatalf("bad escape in %q", s)
			}
			size := 0
			switch s[i] {
			case 'x':
				size = 2
			case 'u':
				size = 4
			case 'U':
				size = 8
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case '"', '\\', '/', ' ':
				b.WriteByte(s[i])
			default:
				t.Fatalf("unknown escape \\%c in %q", s[i], s)
			}
			if size > 0 {
				r, err := strconv.ParseUint(s[i+1:i+1+size], 16, 32)
				if err != nil {
					t.Fatalf("bad escape in %q", s)
				}
				b.WriteRune(rune(r))
				i += size
			}
		default:
			b.WriteByte(c)
		}
	}
	t.Fatalf("unterminated string %q", s)
	return "", ""
}

// yamlFlowList decodes a flow sequence of double-quoted strings.
func yamlFlowList(t testing.TB, s string) []string {
	t.Helper()
	out := []string{}
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		t.Fatalf("bad list %q", s)
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	for s != "" {
		v, rest := yamlDouble(t, s)
		out = append(out, v)
		s = strings.TrimSpace(rest)
		s = strings.TrimSpace(strings.TrimPrefix(s, ","))
	}
	return out
}

// robinst/linkify: cases.json holds the assertions of its tests with the
// LinkFinder options they use. The kinds option filters our links; a
// finder that requires a scheme keeps only the links written with one
// (emails are not URLs to it); url_can_be_iri=false (ASCII-only URLs) has
// no equivalent here.
func robinstCases(t testing.TB, na map[string]int) []peerCase {
	var f struct {
		Cases []struct {
			File   string `json:"file"`
			Line   int    `json:"line"`
			Test   string `json:"test"`
			Finder struct {
				Kinds           []string `json:"kinds"`
				MustHaveScheme  bool     `json:"url_must_have_scheme"`
				CanBeIRI        *bool    `json:"url_can_be_iri"`
				DomainMustHaveD *bool    `json:"email_domain_must_have_dot"`
			} `json:"finder"`
			Input string   `json:"input"`
			Links []string `json:"links"`
		} `json:"cases"`
	}
	readJSON(t, "robinst-linkify/cases.json", &f)
	var cases []peerCase
	seen := map[string]int{}
	for _, c := range f.Cases {
		if c.Finder.CanBeIRI != nil && !*c.Finder.CanBeIRI {
			na["robinst-linkify"]++
			continue
		}
		urls, emails := false, false
		for _, k := range c.Finder.Kinds {
			urls = urls || k == "url"
			emails = emails || k == "email"
		}
		mustScheme := c.Finder.MustHaveScheme
		keep := func(l Match) bool {
			if l.Email {
				return emails
			}
			return urls && (!mustScheme || l.Scheme != "")
		}
		id := fmt.Sprintf("%s:%d %s", c.File, c.Line, c.Test)
		if c.Line == 0 {
			seen[c.Test]++
			id = fmt.Sprintf("%s %s #%d", c.File, c.Test, seen[c.Test])
		}
		want := c.Links
		if want == nil {
			want = []string{}
		}
		cases = append(cases, peerCase{suite: "robinst-linkify", id: id, input: c.Input, want: want, keep: keep})
	}
	return cases
}

// Autolinker.js: link_cases compare Autolinker's HTML; the anchor text is
// shortened for display, so the hrefs are compared. The options used turn
// off nothing we find. generated_link_cases are expanded as upstream's
// generate-link-tests.ts does (each input in four kinds of braces, with
// seven trailing punctuation characters, in five positions in a sentence);
// an entry agrees when all 140 variants do.
func autolinkerCases(t testing.TB, na map[string]int) []peerCase {
	var f struct {
		Link []struct {
			File     string `json:"file"`
			Line     int    `json:"line"`
			Input    string `json:"input"`
			Expected string `json:"expected_html"`
		} `json:"link_cases"`
		Generated []struct {
			File        string `json:"file"`
			Input       string `json:"input"`
			Description string `json:"description"`
			Href        string `json:"expectedHref"`
		} `json:"generated_link_cases"`
	}
	readJSON(t, "autolinker/cases.json", &f)
	var cases []peerCase
	for _, c := range f.Link {
		text, had := plainText(c.Input)
		cases = append(cases, peerCase{suite: "autolinker", id: fmt.Sprintf("%s:%d", c.File, c.Line), input: text,
			want: anchors(c.Expected, false, had), project: hrefOf})
	}
	braces := [][2]string{{"", ""}, {"(", ")"}, {"[", "]"}, {"{", "}"}}
	puncts := []string{"", "?", "!", ":", ",", ".", ";"}
	for _, g := range f.Generated {
		var variants []string
		var wants [][]string
		for _, br := range braces {
			for _, p := range puncts {
				in := br[0] + g.Input + p + br[1]
				variants = append(variants, in, in+" is where Joe went", "The link "+in+" is where Joe went", "Joe went to "+in,
					in+" is a link to "+in+" and "+in)
				wants = append(wants, []string{g.Href}, []string{g.Href}, []string{g.Href}, []string{g.Href}, []string{g.Href, g.Href, g.Href})
			}
		}
		// One case per entry: the input is the variants, one per line, and
		// the expected hrefs are all of theirs in order.
		var all []string
		for _, w := range wants {
			all = append(all, w...)
		}
		cases = append(cases, peerCase{suite: "autolinker", id: fmt.Sprintf("%s generated %q", g.File, g.Description),
			input: strings.Join(variants, "\n"), want: all, project: autolinkerHref})
	}
	return cases
}

// autolinkerHref is hrefOf with the normalizations Autolinker applies to
// the href: "mailto:" in lower case, and a tel: number reduced to its
// digits, "+", ",", "#".
func autolinkerHref(l Match) string {
	h := hrefOf(l)
	if len(h) >= 7 && strings.EqualFold(h[:7], "mailto:") {
		h = "mailto:" + h[7:]
	}
	return h
}

// bleach: linkify(input, **kwargs) == expected HTML. bleach parses the
// input as HTML and linkifies its text, leaving existing anchors alone, so
// our detector reads the text (tags as spaces, references decoded), and the
// anchor texts are compared. parse_email defaults to False in bleach, and
// then our email addresses are left out. Tests that need a Python callable
// were not extracted; test_linkify_idempotent asserts no output and is not
// applicable.
func bleachCases(t testing.TB, na map[string]int) []peerCase {
	var f struct {
		Cases []struct {
			File     string          `json:"file"`
			Test     string          `json:"test"`
			Kind     string          `json:"kind"`
			Line     int             `json:"line"`
			Input    string          `json:"input"`
			Kwargs   map[string]any  `json:"kwargs"`
			Expected string          `json:"expected_html"`
			Params   json.RawMessage `json:"params"`
		} `json:"cases"`
	}
	readJSON(t, "bleach/cases.json", &f)
	var cases []peerCase
	n := map[string]int{}
	for _, c := range f.Cases {
		input, expected, parseEmail := c.Input, c.Expected, false
		var want []string
		if c.Kwargs != nil {
			parseEmail, _ = c.Kwargs["parse_email"].(bool)
		}
		id := fmt.Sprintf("%s:%d %s", c.File, c.Line, c.Test)
		if c.Kind == "parametrized" {
			n[c.Test]++
			id = fmt.Sprintf("%s %s #%d", c.File, c.Test, n[c.Test])
			var p struct {
				Data, Text, Expected, URL, Periods, URI string
				ParseEmail                              *bool  `json:"parse_email"`
				ExpectedURL                             string `json:"expected_url"`
				ExpectedAfter                           string `json:"expected_after"`
				Parts                                   *struct {
					Before, URL, Text, After string
				} `json:"expected_parts"`
			}
			if err := json.Unmarshal(c.Params, &p); err != nil {
				t.Fatal(err)
			}
			input, expected = p.Data+p.Text, p.Expected
			if p.ParseEmail != nil {
				parseEmail = *p.ParseEmail
			}
			switch c.Test {
			case "test_email_link_escaping":
				parseEmail = true
			case "test_end_of_sentence":
				input = p.URL + p.Periods
				want = []string{p.URL}
			case "test_wrapping_parentheses":
				want = []string{p.Parts.Text}
			case "test_ports":
				want = []string{p.ExpectedURL}
			case "test_url_utf8":
				input = p.URI
				want = []string{p.URI}
			case "test_linkify_idempotent":
				na["bleach"]++
				continue
			}
		}
		text, had := plainText(input)
		if want == nil {
			want = anchors(expected, true, had)
		}
		keep := noEmails
		if parseEmail {
			keep = nil
		}
		cases = append(cases, peerCase{suite: "bleach", id: id, input: text, want: want, keep: keep})
	}
	return cases
}

// cmark-gfm: the examples of the GFM spec's "Autolinks" and "Autolinks
// (extension)" sections and of extensions.txt: Markdown in, HTML out. Our
// detector reads the Markdown as plain text; the anchor texts of the
// expected HTML are compared. An example whose output is "<IGNORE>" is not
// applicable.
func cmarkCases(t testing.TB, na map[string]int) []peerCase {
	var cases []peerCase
	for _, name := range []string{"cmark-gfm/spec-autolinks.txt", "cmark-gfm/extensions-autolinks.txt"} {
		lines := readLines(t, name)
		fence := strings.Repeat("`", 32) + " example"
		for i := 0; i < len(lines); i++ {
			if lines[i] != fence {
				continue
			}
			start := i + 1
			var md, out []string
			dot := false
			for i++; i < len(lines) && lines[i] != strings.Repeat("`", 32); i++ {
				switch {
				case !dot && lines[i] == ".":
					dot = true
				case dot:
					out = append(out, lines[i])
				default:
					md = append(md, strings.ReplaceAll(lines[i], "→", "\t"))
				}
			}
			expected := strings.Join(out, "\n")
			if expected == "<IGNORE>" {
				na["cmark-gfm"]++
				continue
			}
			cases = append(cases, peerCase{suite: "cmark-gfm", id: fmt.Sprintf("%s:%d", strings.TrimPrefix(name, "cmark-gfm/"), start),
				input: strings.Join(md, "\n"), want: anchors(expected, true, nil)})
		}
	}
	return cases
}

type knownPeerDiff struct {
	got, category, reason string
}

// readPeerKnownDifferences reads known-differences.tsv: suite, case, input,
// want, ours (JSON), category, reason.
func readPeerKnownDifferences(t testing.TB) map[[2]string]knownPeerDiff {
	t.Helper()
	name := peerDir + "known-differences.tsv"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	known := map[[2]string]knownPeerDiff{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 || f[5] == "" || f[6] == "" {
			t.Fatalf("%s:%d: want 7 tab-separated fields, got %d", name, i+1, len(f))
		}
		if !peerCategories[f[5]] {
			t.Fatalf("%s:%d: unknown category %q", name, i+1, f[5])
		}
		key := [2]string{f[0], f[1]}
		if _, dup := known[key]; dup {
			t.Fatalf("%s:%d: case listed twice", name, i+1)
		}
		known[key] = knownPeerDiff{got: f[4], category: f[5], reason: f[6]}
	}
	return known
}

// peerCategories are the reasons a peer's answer is not ours; the header of
// known-differences.tsv explains each.
var peerCategories = map[string]bool{
	"iri":         true,
	"uts58-term":  true,
	"uts58-host":  true,
	"uts58-email": true,
	"tld":         true,
	"scheme":      true,
	"userinfo":    true,
	"bare-ip":     true,
	"no-phone":    true,
	"markup":      true,
	"peer-quirk":  true,
	"prose":       true,
}

func TestPeerLinkifiers(t *testing.T) {
	cases, na := loadPeerSuites(t)
	known := readPeerKnownDifferences(t)
	type tally struct{ agree, total int }
	tallies := map[string]*tally{}
	var suites []string
	byCategory := map[string]int{}
	seen := map[[2]string]bool{}
	todo := os.Getenv("RELINK_PEERS_TODO") != ""
	for i := range cases {
		c := &cases[i]
		if !utf8.ValidString(c.input) {
			t.Fatalf("%s %s: input is not UTF-8", c.suite, c.id)
		}
		tl := tallies[c.suite]
		if tl == nil {
			tl = &tally{}
			tallies[c.suite] = tl
			suites = append(suites, c.suite)
		}
		tl.total++
		want := c.want
		if c.first && len(want) > 1 {
			want = want[:1]
		}
		got := c.ours()
		wantJ, gotJ := peerJSON(want), peerJSON(got)
		key := [2]string{c.suite, c.id}
		if _, dup := seen[key]; dup {
			t.Fatalf("two cases named %s %s", c.suite, c.id)
		}
		seen[key] = false
		if wantJ == gotJ {
			tl.agree++
			continue
		}
		seen[key] = true
		k, ok := known[key]
		switch {
		case !ok && todo:
			fmt.Printf("%s\t%s\t%s\t%s\t%s\tTODO\tTODO\n", c.suite, c.id, peerJSON(c.input), wantJ, gotJ)
		case !ok:
			t.Errorf("%s %s: unlisted difference\ninput %s\n want %s\n ours %s", c.suite, c.id, peerJSON(c.input), wantJ, gotJ)
		case k.got != gotJ:
			t.Errorf("%s %s: listed difference changed\ninput %s\n want %s\n ours %s\nlisted %s", c.suite, c.id, peerJSON(c.input), wantJ, gotJ, k.got)
		default:
			byCategory[k.category]++
		}
	}
	for key := range known {
		if !seen[key] {
			t.Errorf("%s %s: listed as a difference but agrees now (or is gone); remove it", key[0], key[1])
		}
	}
	for _, s := range suites {
		tl := tallies[s]
		t.Logf("%s: %d/%d agree (%d not applicable)", s, tl.agree, tl.total, na[s])
	}
	var cats []string
	for c := range byCategory {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		t.Logf("known differences, %s: %d", c, byCategory[c])
	}
}

// TestPeerIRIConflicts checks that the twitter-text cases its survey lists
// as IRI conflicts (a URL ending before a non-ASCII letter in its path)
// are known differences in the "iri" category, or agree.
func TestPeerIRIConflicts(t *testing.T) {
	var f struct {
		Cases []struct {
			Text string `json:"text"`
			Hits []struct {
				InPath bool `json:"in_path"`
			} `json:"hits"`
		} `json:"cases"`
	}
	readJSON(t, "twitter-text/_derived_iri_conflicts.json", &f)
	known := readPeerKnownDifferences(t)
	byInput := map[string][2]string{}
	for _, c := range twitterCases(t) {
		byInput[c.input] = [2]string{c.suite, c.id}
	}
	for _, c := range f.Cases {
		inPath := false
		for _, h := range c.Hits {
			inPath = inPath || h.InPath
		}
		key, ok := byInput[c.Text]
		if !ok {
			t.Errorf("conflict case not in extract.yml: %q", c.Text)
			continue
		}
		if k, listed := known[key]; listed && inPath && k.category != "iri" {
			t.Errorf("%s %s: an IRI conflict listed as %q", key[0], key[1], k.category)
		}
	}
}
