package markdown

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/relink-go/relink/htmlattr"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// An example is one example of a spec file in the CommonMark spec format.
type example struct {
	file     string
	number   int // 1-based, counted in the file
	line     int
	section  string
	ext      string // the extension named after "example", as in cmark-gfm
	markdown string
	html     string
}

func readExamples(t testing.TB, name string) []example {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "markdown", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const fence = "````````````````````````````````"
	var out []example
	var cur *example
	var section string
	state := 0 // 0 outside, 1 markdown, 2 html
	var md, h strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch state {
		case 0:
			if rest, ok := strings.CutPrefix(line, fence+" example"); ok {
				cur = &example{file: name, number: len(out) + 1, line: n, section: section, ext: strings.TrimSpace(rest)}
				md.Reset()
				h.Reset()
				state = 1
			} else if strings.HasPrefix(line, "#") {
				section = strings.TrimSpace(strings.TrimLeft(line, "#"))
			}
		case 1:
			if line == "." {
				state = 2
			} else {
				md.WriteString(line + "\n")
			}
		case 2:
			if line == fence {
				cur.markdown = strings.ReplaceAll(md.String(), "→", "\t")
				cur.html = h.String()
				out = append(out, *cur)
				state = 0
			} else {
				h.WriteString(line + "\n")
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// A rendered link is what an HTML renderer writes for a link: an a or img
// element with its URL and title.
type rendered struct {
	tag, url, title string
}

func (r rendered) String() string {
	if r.title != "" {
		return fmt.Sprintf("%s %q %q", r.tag, r.url, r.title)
	}
	return fmt.Sprintf("%s %q", r.tag, r.url)
}

// htmlLinks lists the a href and img src of an HTML fragment.
func htmlLinks(s string) []rendered {
	var out []rendered
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		var want string
		switch tok.Data {
		case "a":
			want = "href"
		case "img":
			want = "src"
		default:
			continue
		}
		r := rendered{tag: tok.Data}
		has := false
		for _, a := range tok.Attr {
			switch a.Key {
			case want:
				r.url, has = a.Val, true
			case "title":
				r.title = a.Val
			}
		}
		if has {
			r.url = hrefEscape(r.url)
			out = append(out, r)
		}
	}
}

// hrefEscape percent-encodes what cmark's href escaping does, so that our
// URLs, which are the destinations as written, compare with the hrefs of
// the expected HTML.
func hrefEscape(s string) string {
	const safe = "-_.+!*'(),%#@?=;:/&$~"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlnum(c) || strings.IndexByte(safe, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// render lists the links an HTML renderer would write for doc: the
// Markdown links, and the links of the raw HTML as an HTML link finder
// would see them. Links inside an image's description are left out: the
// description becomes the alt text, with no link.
func render(src []byte, doc *Document) []rendered {
	type at struct {
		pos int
		r   []rendered
	}
	var images []htmlattr.Span
	for _, l := range doc.Links {
		if l.Kind.IsImage() {
			images = append(images, l.Text)
		}
	}
	inImage := func(s htmlattr.Span) bool {
		for _, im := range images {
			if s.Start >= im.Start && s.End <= im.End && im.Start < im.End {
				return true
			}
		}
		return false
	}
	var all []at
	for _, l := range doc.Links {
		if l.Kind == Definition || inImage(l.At) {
			continue
		}
		tag := "a"
		if l.Kind.IsImage() {
			tag = "img"
		}
		all = append(all, at{l.At.Start, []rendered{{tag, hrefEscape(l.Value), l.Title}}})
	}
	for _, h := range doc.HTML {
		s := htmlattr.Span{Start: h.Segments[0].Start, End: h.Segments[len(h.Segments)-1].End}
		if inImage(s) {
			continue
		}
		var b bytes.Buffer
		for _, seg := range h.Segments {
			b.Write(src[seg.Start:seg.End])
		}
		all = append(all, at{s.Start, htmlLinks(b.String())})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].pos < all[j].pos })
	var out []rendered
	for _, a := range all {
		out = append(out, a.r...)
	}
	return out
}

func sameLinks(a, b []rendered) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// knownDifferences reads the examples we answer differently on purpose:
// "file<TAB>number<TAB>reason" lines.
func knownDifferences(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "markdown", "known-differences.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 || f[2] == "" {
			t.Fatalf("known-differences.tsv:%d: want file, example number and reason, tab-separated", i+1)
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			t.Fatalf("known-differences.tsv:%d: %v", i+1, err)
		}
		m[f[0]+"\t"+f[1]] = f[2]
	}
	return m
}

type tally struct{ pass, total, linkPass, linkTotal int }

// TestSpec compares, for every example of the CommonMark spec and of the
// GFM autolink sections, the links we find with those of the expected
// HTML.
func TestSpec(t *testing.T) {
	known := knownDifferences(t)
	seen := map[string]bool{}
	files := []struct {
		name string
		gfm  func(example) bool
	}{
		{"commonmark-spec.txt", func(example) bool { return false }},
		{"gfm-spec-autolinks.txt", func(e example) bool { return e.ext == "autolink" }},
		{"gfm-extensions-autolinks.txt", func(example) bool { return true }},
		{"gfm-spec-tables.txt", func(e example) bool { return e.ext == "table" }},
	}
	for _, f := range files {
		var order []string
		sections := map[string]*tally{}
		var sum tally
		for _, e := range readExamples(t, f.name) {
			if e.html == "<IGNORE>\n" {
				// cmark-gfm's own test says only that this input must not
				// crash; Parse must return.
				Parse([]byte(e.markdown))
				continue
			}
			doc := Options{CommonMark: !f.gfm(e)}.Parse([]byte(e.markdown))
			got := render([]byte(e.markdown), doc)
			want := htmlLinks(e.html)
			ok := sameLinks(got, want)
			key := f.name + "\t" + strconv.Itoa(e.number)
			if _, isKnown := known[key]; isKnown {
				seen[key] = true
				if ok {
					t.Errorf("%s:%d: example %d (%s) now passes: remove it from known-differences.tsv", f.name, e.line, e.number, e.section)
				}
			} else if !ok {
				t.Errorf("%s:%d: example %d (%s)\n%s\ngot  %v\nwant %v", f.name, e.line, e.number, e.section, e.markdown, got, want)
			}
			s := sections[e.section]
			if s == nil {
				s = &tally{}
				sections[e.section] = s
				order = append(order, e.section)
			}
			hasLinks := len(got) > 0 || len(want) > 0
			for _, s := range []*tally{s, &sum} {
				s.total++
				if ok {
					s.pass++
				}
				if hasLinks {
					s.linkTotal++
					if ok {
						s.linkPass++
					}
				}
			}
		}
		for _, name := range order {
			s := sections[name]
			t.Logf("%s: %s: %d/%d examples (%d/%d with links)", f.name, name, s.pass, s.total, s.linkPass, s.linkTotal)
		}
		t.Logf("%s: all: %d/%d examples pass (%d/%d with links)", f.name, sum.pass, sum.total, sum.linkPass, sum.linkTotal)
	}
	for key := range known {
		if !seen[key] {
			t.Errorf("known-differences.tsv lists %q, which is no example", key)
		}
	}
}
