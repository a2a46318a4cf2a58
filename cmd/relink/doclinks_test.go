package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/relink-go/relink/extract"
)

// linkCheckBase is the URL the Markdown files are read at: a link that
// resolves below it is a link into the repository.
const linkCheckBase = "https://repository.invalid/"

// TestDocLinks checks every link of README.md and docs/*.md that points
// into the repository, found by relink's own Markdown extraction: the
// file it names exists, and so does the heading its fragment names.
func TestDocLinks(t *testing.T) {
	const root = "../.."
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	checked := 0
	for _, file := range files {
		name, _ := filepath.Rel(root, file)
		name = filepath.ToSlash(name)
		for _, href := range markdownHrefs(t, file, linkCheckBase+name) {
			target, ok := strings.CutPrefix(href, linkCheckBase)
			if !ok {
				continue // another site
			}
			checked++
			target, frag, _ := strings.Cut(target, "#")
			target, err := url.PathUnescape(target)
			if err != nil {
				t.Errorf("%s: link %s: %v", name, href, err)
				continue
			}
			target = strings.TrimSuffix(target, "/")
			if target == "" {
				target = "."
			}
			fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(target)))
			if err != nil {
				t.Errorf("%s: link %s: no file %s", name, href, target)
				continue
			}
			if frag == "" || fi.IsDir() {
				continue
			}
			frag, err = url.PathUnescape(frag)
			if err != nil {
				t.Errorf("%s: link %s: %v", name, href, err)
				continue
			}
			anchors, err := headingAnchors(filepath.Join(root, filepath.FromSlash(target)))
			if err != nil {
				t.Fatal(err)
			}
			if !anchors[frag] {
				t.Errorf("%s: link %s: no heading #%s in %s", name, href, frag, target)
			}
		}
	}
	if checked < 40 {
		t.Errorf("only %d links into the repository checked: the extraction found too few", checked)
	}
}

// markdownHrefs returns the hrefs of the links of the Markdown file, read
// at the URL base.
func markdownHrefs(t *testing.T, file, base string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var hrefs []string
	x := extract.NewMarkdown(extract.Options{BaseURL: base}, func(l *extract.Link) error {
		if l.Href != "" {
			hrefs = append(hrefs, l.Href)
		}
		return nil
	})
	if _, err := x.ReadFrom(f); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return hrefs
}

// headingAnchors returns the anchors that GitHub gives the headings of
// the Markdown file: the heading's text in lower case, without its
// punctuation, spaces made hyphens, and "-1", "-2"... after a repeat. A
// file that is not Markdown has none.
func headingAnchors(file string) (map[string]bool, error) {
	anchors := make(map[string]bool)
	if path.Ext(filepath.ToSlash(file)) != ".md" {
		return anchors, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	seen := make(map[string]int)
	fence := ""
	s := bufio.NewScanner(bytes.NewReader(data))
	for s.Scan() {
		l := s.Text()
		if t := strings.TrimLeft(l, " "); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			switch {
			case fence == "":
				fence = t[:3]
			case strings.HasPrefix(t, fence):
				fence = ""
			}
			continue
		}
		m := atxHeading.FindStringSubmatch(l)
		if fence != "" || m == nil {
			continue
		}
		a := headingSlug(m[1])
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors, s.Err()
}

var atxHeading = regexp.MustCompile(`^ {0,3}#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$`)

// headingSlug returns GitHub's anchor for a heading's text.
func headingSlug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestHeadingSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Links from web archives: `relink warc`", "links-from-web-archives-relink-warc"},
		{"Changes before v1", "changes-before-v1"},
		{"The fields, and Common Crawl's WAT files", "the-fields-and-common-crawls-wat-files"},
		{"`relink warc`", "relink-warc"},
	}
	for _, tt := range tests {
		if got := headingSlug(tt.in); got != tt.want {
			t.Errorf("headingSlug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
