package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/relink-go/relink/charset"
)

// runCompare prints, for each charset the pages are in, how many pages
// charset.Detect reads in it, and how many it reads as Chromium
// does (when out/chromium.tsv exists), given the first limit bytes of
// each page.
func runCompare(out string, limit int, verbose bool) error {
	pages, err := pagesOf(out)
	if err != nil {
		return err
	}
	chrome, _, err := readTSV(out)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	type tally struct{ n, ours, chrome, agree, compared int }
	byCharset := map[string]*tally{}
	var total tally
	var diffs []string
	for _, p := range pages {
		parts := strings.Split(p, "/")
		truth := parts[1]
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		if err != nil {
			return err
		}
		ours := charset.Detect(charset.HTML, b[:min(len(b), limit)], "", "").Name
		t := byCharset[parts[0]+"/"+truth]
		if t == nil {
			t = new(tally)
			byCharset[parts[0]+"/"+truth] = t
		}
		for _, t := range []*tally{t, &total} {
			t.n++
			if ours == truth {
				t.ours++
			}
		}
		cr, ok := chrome[p]
		if !ok || cr == "error" {
			if verbose && ours != truth {
				diffs = append(diffs, fmt.Sprintf("%s\tours %s", p, ours))
			}
			continue
		}
		for _, t := range []*tally{t, &total} {
			t.compared++
			if cr == truth {
				t.chrome++
			}
			if cr == ours {
				t.agree++
			}
		}
		if verbose && cr != ours {
			diffs = append(diffs, fmt.Sprintf("%s\tours %s\tchromium %s", p, ours, cr))
		}
	}
	keys := make([]string, 0, len(byCharset))
	for k := range byCharset {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("%-24s %5s %12s %16s %16s\n", "pages in", "n", "ours right", "chromium right", "ours=chromium")
	row := func(k string, t *tally) {
		fmt.Printf("%-24s %5d %12s %16s %16s\n", k, t.n, frac(t.ours, t.n), frac(t.chrome, t.compared), frac(t.agree, t.compared))
	}
	for _, k := range keys {
		row(k, byCharset[k])
	}
	row("all", &total)
	for _, d := range diffs {
		fmt.Println(d)
	}
	return nil
}

func frac(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", a, b)
}
