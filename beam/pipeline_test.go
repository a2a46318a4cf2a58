package crawlbeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/linkfilter"
	"github.com/relink-go/relink/warc"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

// fixtures are the WARC files of testdata/warc, as paths from here.
func fixtures(t *testing.T) []string {
	var files []string
	for _, pat := range []string{"*.warc", "*.warc.gz"} {
		m, _ := filepath.Glob(filepath.Join("..", "testdata", "warc", pat))
		files = append(files, m...)
	}
	slices.Sort(files)
	if len(files) < 5 {
		t.Fatalf("%d WARC fixtures", len(files))
	}
	return files
}

// golden returns the lines relink warc writes for a fixture: the golden
// file of cmd/relink's tests, in which the file is "testdata/warc/NAME".
func golden(t *testing.T, fixture string) []string {
	name := filepath.Join("..", "testdata", "warc", "golden", filepath.Base(fixture)+".jsonl")
	b, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		if b, err = os.ReadFile(name + ".gz"); err == nil {
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(b)); err == nil {
				b, err = io.ReadAll(zr)
			}
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// readLines reads the lines of the files a glob matches.
func readLines(t *testing.T, glob string) []string {
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatalf("no file %s", glob)
	}
	var lines []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := bufio.NewScanner(bytes.NewReader(b))
		s.Buffer(nil, 1<<24)
		for s.Scan() {
			lines = append(lines, s.Text())
		}
	}
	return lines
}

// TestPipelinePrism runs the pipeline on the Prism runner in this
// process, on the WARC fixtures, and checks its links against relink
// warc's (the golden files), its host graph against one counted here
// from those lines, and its counters against the crawl package.
func TestPipelinePrism(t *testing.T) {
	files := fixtures(t)
	out := t.TempDir() + "/"
	p, s := beam.NewPipelineWithRoot()
	// One glob and one list of paths: the .warc files by glob, the
	// .warc.gz ones by name.
	var patterns []string
	patterns = append(patterns, filepath.Join("..", "testdata", "warc", "*.warc"))
	for _, f := range files {
		if strings.HasSuffix(f, ".gz") {
			patterns = append(patterns, f)
		}
	}
	Build(s, Options{Output: out, Shards: 3}, patterns...)
	start := time.Now()
	res, err := prism.Execute(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Prism ran the pipeline on %d files in %v", len(files), time.Since(start))

	// The links: relink warc's lines, with the file as given here.
	got := readLines(t, out+"links-*-of-00003.jsonl")
	var want []string
	for _, f := range files {
		for _, l := range golden(t, f) {
			want = append(want, strings.Replace(l, `"file":"testdata/warc/`, `"file":"../testdata/warc/`, 1))
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if len(got) != len(want) {
		t.Errorf("%d lines, relink warc %d", len(got), len(want))
	}
	if !slices.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("first difference:\n%s\nwant\n%s", got[i], want[i])
			}
		}
	}

	// The host graph, counted here from relink warc's lines.
	edges, in := map[string]int{}, map[string]int{}
	for _, line := range want {
		var l crawl.LinkRecord
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		from, to := hostOf(l.URL), hostOf(l.Href)
		if from != "" && to != "" && from != to {
			edges[from+"\t"+to]++
			in[to]++
		}
	}
	check := func(name string, want map[string]int) {
		gotM := map[string]int{}
		for _, line := range readLines(t, out+name+"-00000-of-00001.tsv") {
			i := strings.LastIndexByte(line, '\t')
			var n int
			fmt.Sscan(line[i+1:], &n)
			gotM[line[:i]] = n
		}
		if !maps.Equal(gotM, want) {
			t.Errorf("%s: %d entries, want %d", name, len(gotM), len(want))
		}
		if len(want) < 10 {
			t.Errorf("%s: %d entries: the fixtures have more", name, len(want))
		}
	}
	check("host-edges", edges)
	check("host-inlinks", in)

	// The counters.
	pages, bad := libraryCounts(t, files)
	counters := map[string]int64{}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		counters[c.Name()] += c.Result()
	}
	if counters["pages"] != pages || counters["links"] != int64(len(want)) || counters["bad_records"] != bad {
		t.Errorf("counters %v, want pages %d, links %d, bad_records %d", counters, pages, len(want), bad)
	}
}

// hostOf is the host of an http(s) URL, written here apart from host.
func hostOf(s string) string {
	rest, ok := strings.CutPrefix(s, "http://")
	if !ok {
		if rest, ok = strings.CutPrefix(s, "https://"); !ok {
			return ""
		}
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "[") {
		if i := strings.IndexByte(rest, ']'); i >= 0 {
			return strings.ToLower(rest[1:i])
		}
	}
	if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		rest = rest[:i]
	}
	return strings.ToLower(rest)
}

// libraryCounts counts the pages and bad records of the files as the
// crawl package reads them.
func libraryCounts(t *testing.T, files []string) (pages, bad int64) {
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		r := warc.NewReader(f)
		x := crawl.NewExtractor(crawl.Options{})
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				bad++
				continue
			}
			p, err := x.Record(rec, name)
			if err != nil {
				bad++
			}
			if p != nil {
				pages++
			}
		}
		r.Close()
		f.Close()
	}
	return pages, bad
}

// TestPipelineFilter runs the pipeline with a link filter and checks its
// lines against relink warc's (the golden files) that the same filter
// keeps, each golden line read back into the link it was.
func TestPipelineFilter(t *testing.T) {
	files := fixtures(t)
	filter := linkfilter.Options{Roles: []htmlattr.Role{htmlattr.RoleHyperlink}, Site: linkfilter.External}
	out := t.TempDir() + "/"
	p, s := beam.NewPipelineWithRoot()
	Build(s, Options{Output: out, Shards: 1, Filter: filter}, files...)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	got := readLines(t, out+"links-*-of-00001.jsonl")
	f, err := linkfilter.New(filter)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	all := 0
	for _, file := range files {
		for _, line := range golden(t, file) {
			all++
			var r crawl.LinkRecord
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatal(err)
			}
			l := extract.Link{Tag: r.Tag, Attr: r.Attr, Rel: r.Rel, Href: r.Href}
			for role := htmlattr.RoleHyperlink; role <= htmlattr.RoleBase; role++ {
				if strings.ToLower(role.String()) == r.Role {
					l.Role = role
				}
			}
			if r.Error != "" {
				l.Err = errors.New(r.Error)
			}
			if f.Match(&l, r.URL) {
				want = append(want, strings.Replace(line, `"file":"testdata/warc/`, `"file":"../testdata/warc/`, 1))
			}
		}
	}
	if len(want) == 0 || len(want) == all {
		t.Fatalf("the filter keeps %d of %d links: not a test of it", len(want), all)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%d lines, want %d of relink warc's %d", len(got), len(want), all)
	}
}
