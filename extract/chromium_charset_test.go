package extract

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// chromiumCase is a row of testdata/chromium-charset/cases.tsv: a page,
// served with a Content-Type, and the charset Chromium gave it.
type chromiumCase struct {
	name, ctype, page, chromium string
}

var padRE = regexp.MustCompile(`\{\{(\d+)\}\}`)

// readChromiumCases reads the table that testdata/chromium-charset/gen.go
// writes, expanding each page's template ({{N}} is N bytes "x").
func readChromiumCases(t *testing.T) []chromiumCase {
	f, err := os.Open("testdata/chromium-charset/cases.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []chromiumCase
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for line := 1; s.Scan(); line++ {
		if strings.HasPrefix(s.Text(), "#") {
			continue
		}
		fs := strings.Split(s.Text(), "\t")
		if len(fs) != 4 {
			t.Fatalf("cases.tsv:%d: %d fields, want 4", line, len(fs))
		}
		tmpl, err := strconv.Unquote(fs[2])
		if err != nil {
			t.Fatalf("cases.tsv:%d: page: %v", line, err)
		}
		page := padRE.ReplaceAllStringFunc(tmpl, func(m string) string {
			n, _ := strconv.Atoi(m[2 : len(m)-2])
			return strings.Repeat("x", n)
		})
		cases = append(cases, chromiumCase{fs[0], fs[1], page, fs[3]})
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// readKnownDifferences reads testdata/chromium-charset/known-differences.tsv:
// the cases answered differently on purpose, with our answer and why.
func readKnownDifferences(t *testing.T) map[string]string {
	data, err := os.ReadFile("testdata/chromium-charset/known-differences.tsv")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 3 || fs[2] == "" {
			t.Fatalf("known-differences.tsv:%d: want name, our answer and the reason", i+1)
		}
		m[fs[0]] = fs[1]
	}
	return m
}

// TestChromiumCharset checks the charset that charset.Detect and the HTML
// extractor (at several chunk sizes) decide against what Chromium decided
// for the same pages (testdata/chromium-charset: late <meta> elements, XML
// declarations), less the listed differences, and that the list is exact.
func TestChromiumCharset(t *testing.T) {
	cases := readChromiumCases(t)
	known := readKnownDifferences(t)
	agree := 0
	for _, c := range cases {
		want := c.chromium
		if k, ok := known[c.name]; ok {
			if k == want {
				t.Errorf("%s: listed as a difference, but Chromium also says %s", c.name, want)
			}
			want = k
			delete(known, c.name)
		}
		got := charset.Detect(charset.HTML, []byte(c.page), c.ctype, "")
		if got.Name != want {
			t.Errorf("%s: DetectCharset = %s (%s), want %s (Chromium: %s)", c.name, got.Name, got.Source, want, c.chromium)
			continue
		}
		if got.Name == c.chromium {
			agree++
		}
		sizes := []int{1, 7, 1000, 4096, 0}
		if len(c.page) > 100000 {
			sizes = sizes[1:] // 1: a minute for one case
		}
		var x Extractor
		transformtest.Sweep{
			Name: c.name,
			In:   []byte(c.page),
			New: func() transform.Transformer {
				x = NewHTML(Options{Charset: c.ctype}, func(*Link) error { return nil })
				return x
			},
			Src:  sizes,
			Dst:  []int{0},
			Want: []byte(c.page),
			Check: func([]byte) error {
				if x.Charset() != got {
					return fmt.Errorf("the extractor decides %s (%s), DetectCharset %s (%s)", x.Charset().Name, x.Charset().Source, got.Name, got.Source)
				}
				return nil
			},
		}.Run(t)
	}
	for name := range known {
		t.Errorf("known-differences.tsv lists %s, which is not in the table", name)
	}
	t.Logf("%d/%d pages decided as Chromium does", agree, len(cases))
}
