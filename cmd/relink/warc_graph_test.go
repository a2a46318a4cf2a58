package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/hostgraph"
)

// TestWARCGraph runs relink warc --graph host and host-vertices on the
// fixtures and compares the output with the golden files, which
// crawlbeam's test compares the pipeline's graph with; and checks the
// edges against those counted here from the golden lines of links, a
// page counting once per host it links to.
func TestWARCGraph(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	files := warcFixtures(t)
	edges := runString(append([]string{"warc", "--graph", "host"}, files...), "")
	vertices := runString(append([]string{"warc", "--graph", "host-vertices"}, files...), "")
	for _, r := range []runResult{edges, vertices} {
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("exit status %d, stderr %q", r.code, r.stderr)
		}
	}
	checkGolden(t, filepath.Join("testdata", "warc", "golden", "host-edges.tsv"), edges.stdout)
	checkGolden(t, filepath.Join("testdata", "warc", "golden", "host-vertices.tsv"), vertices.stdout)

	// The same edges from the golden lines of links: the links of one
	// page are the lines of one file and record offset.
	roles := map[string]bool{"hyperlink": true, "resource": true, "frame": true, "form": true}
	type page struct {
		file string
		off  int64
	}
	targets := map[page]map[string]bool{}
	from := map[page]string{}
	for _, file := range files {
		got := runString([]string{"warc", file}, "")
		for line := range strings.SplitSeq(strings.TrimSuffix(got.stdout, "\n"), "\n") {
			var l crawl.LinkRecord
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatal(err)
			}
			p := page{file, l.RecordOffset}
			src, dst := hostgraph.Host(l.URL), hostgraph.Host(l.Href)
			from[p] = src
			if src == "" || dst == "" || dst == src || !roles[l.Role] || l.Error != "" {
				continue
			}
			if targets[p] == nil {
				targets[p] = map[string]bool{}
			}
			targets[p][dst] = true
		}
	}
	count := map[string]int{}
	for p, ts := range targets {
		for dst := range ts {
			count[from[p]+"\t"+dst]++
		}
	}
	var want []string
	for e, n := range count {
		want = append(want, string(hostgraph.AppendEdge(nil, strings.Split(e, "\t")[0], strings.Split(e, "\t")[1], int64(n))))
	}
	slices.Sort(want)
	if got := strings.Join(want, ""); got != edges.stdout {
		t.Errorf("--graph host: %d lines; from the links: %d", strings.Count(edges.stdout, "\n"), len(want))
	}
	if len(want) < 20 || !strings.Contains(edges.stdout, "\t2\n") {
		t.Errorf("%d edges, none of weight 2: the fixtures have more", len(want))
	}
}

func TestWARCGraphUsage(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	for _, args := range [][]string{
		{"--graph", "page"},
		{"--graph", "host", "--wat"},
		{"--graph", "host", "--per-page"},
		{"--graph", "host", "--format", "tsv"},
		{"--graph", "host", "--role", "hyperlink"},
		{"--graph", "host-vertices", "--count"},
	} {
		got := runString(append(append([]string{"warc"}, args...), "testdata/warc/example.warc"), "")
		if got.code != 2 || got.stdout != "" || !strings.Contains(got.stderr, "--graph") {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, got.code, got.stdout, got.stderr)
		}
	}
}
