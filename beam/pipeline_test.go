package crawlbeam

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/relink-go/relink/beam/httpfs"
	"github.com/relink-go/relink/beam/internal/fixtures"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/hostgraph"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/linkfilter"
	"github.com/relink-go/relink/warc"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	// The SDK leaves an empty beamloopbackworker-* file in the temporary
	// directory for each pipeline run in process: keep them in one of
	// the tests' own, removed at the end.
	dir, err := os.MkdirTemp("", "relink-beam-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("TMPDIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testdata is the main module's testdata/warc, from here.
var testdata = filepath.Join("..", "testdata", "warc")

// run runs the pipeline on the Prism runner in this process and returns
// its output directory and counters.
func run(t *testing.T, opts Options, patterns ...string) (string, map[string]int64) {
	t.Helper()
	out := t.TempDir() + "/"
	opts.Output = out
	p, s := beam.NewPipelineWithRoot()
	Build(s, opts, patterns...)
	start := time.Now()
	res, err := prism.Execute(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Prism ran the pipeline in %v", time.Since(start))
	return out, Counters(res)
}

// TestPipelinePrism runs the pipeline on the Prism runner in this
// process, on the WARC fixtures, and checks its links against relink
// warc's (the golden files), its host graph against the one package
// hostgraph makes of the same files, and its counters against the crawl
// package.
func TestPipelinePrism(t *testing.T) {
	files := fixtures.WARC(t, testdata)
	// One glob and one list of paths: the .warc files by glob, the
	// .warc.gz ones by name.
	var patterns []string
	patterns = append(patterns, filepath.Join("..", "testdata", "warc", "*.warc"))
	for _, f := range files {
		if strings.HasSuffix(f, ".gz") {
			patterns = append(patterns, f)
		}
	}
	out, counters := run(t, Options{GraphShards: 3}, patterns...)
	// And with the graph's counts emitted every few pages.
	defer func(n int) { maxHeld = n }(maxHeld)
	maxHeld = 3
	outFew, _ := run(t, Options{GraphShards: 1}, patterns...)

	// The links: relink warc's lines, with the file as given here.
	got, n := fixtures.FileLines(t, out+"links-*.jsonl")
	if n != len(files) {
		t.Errorf("%d files of links for %d files", n, len(files))
	}
	var want []string
	for _, f := range files {
		for _, l := range fixtures.Golden(t, testdata, f) {
			want = append(want, strings.Replace(l, `"file":"testdata/warc/`, `"file":"../testdata/warc/`, 1))
		}
	}
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

	// The host graph, in three shards of each.
	wantE, wantV := libraryGraph(t, files)
	gotE, nE := fixtures.FileLines(t, out+"host-edges-*-of-00003.tsv")
	gotV, nV := fixtures.FileLines(t, out+"host-vertices-*-of-00003.tsv")
	if nE != 3 || nV != 3 {
		t.Errorf("%d and %d shards, want 3", nE, nV)
	}
	if !slices.Equal(gotE, wantE) || !slices.Equal(gotV, wantV) {
		t.Errorf("host graph: %d edges and %d vertices, want %d and %d", len(gotE), len(gotV), len(wantE), len(wantV))
	}
	// And the graph of relink warc --graph host and host-vertices on
	// the same files, the golden files of cmd/relink's test.
	for _, g := range []struct {
		name string
		got  []string
	}{{"host-edges", gotE}, {"host-vertices", gotV}} {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "warc", "golden", g.name+".tsv"))
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"); !slices.Equal(g.got, want) {
			t.Errorf("%s: %d lines, relink warc --graph %d", g.name, len(g.got), len(want))
		}
	}
	if len(wantE) < 10 {
		t.Errorf("%d edges: the fixtures have more", len(wantE))
	}
	checkSorted(t, out+"host-edges-*-of-00003.tsv")
	fewE, _ := fixtures.FileLines(t, outFew+"host-edges-*.tsv")
	fewV, _ := fixtures.FileLines(t, outFew+"host-vertices-*.tsv")
	if !slices.Equal(fewE, wantE) || !slices.Equal(fewV, wantV) {
		t.Errorf("host graph emitted every 3 edges: %d edges and %d vertices, want %d and %d", len(fewE), len(fewV), len(wantE), len(wantV))
	}

	// The counters.
	pages, bad := fixtures.Pages(t, files)
	if counters["pages"] != pages || counters["links"] != int64(len(want)) || counters["bad_records"] != bad || counters["ranges"] != int64(len(files)) {
		t.Errorf("counters %v, want pages %d, links %d, bad_records %d, ranges %d", counters, pages, len(want), bad, len(files))
	}
}

// checkSorted checks that each file a glob matches is sorted.
func checkSorted(t *testing.T, glob string) {
	files, _ := filepath.Glob(glob)
	for _, f := range files {
		b, _ := os.ReadFile(f)
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if !slices.IsSorted(lines) {
			t.Errorf("%s is not sorted", f)
		}
	}
}

// libraryGraph makes the host graph of the files with packages crawl and
// hostgraph, and returns its lines, sorted.
func libraryGraph(t *testing.T, files []string) (edges, vertices []string) {
	var g hostgraph.Graph
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		r := warc.NewReader(f)
		x := crawl.NewExtractor(crawl.Options{})
		h := &graphHandler{}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				continue
			}
			if ok, _ := x.Extract(rec, h); ok {
				g.Add(&h.page)
			}
		}
		r.Close()
		f.Close()
	}
	var e, v bytes.Buffer
	g.WriteEdges(&e)
	g.WriteVertices(&v)
	split := func(s string) []string {
		l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		slices.Sort(l)
		return l
	}
	return split(e.String()), split(v.String())
}

type graphHandler struct{ page hostgraph.Page }

func (h *graphHandler) Page(p *crawl.Page) error { h.page.Reset(p.URL); return nil }
func (h *graphHandler) Link(p *crawl.Page, l *extract.Link) error {
	h.page.Add(l)
	return nil
}

// TestPipelineSplit reads a file of one gzip member per record in byte
// ranges of a few KiB, and checks that the links, the graph and the
// counters are those of a run that reads it whole.
func TestPipelineSplit(t *testing.T) {
	// A file of many members: the gzipped fixtures, one after another.
	var data []byte
	for _, f := range fixtures.WARC(t, testdata) {
		if strings.HasSuffix(f, ".warc.gz") && !strings.Contains(f, "clueweb") {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			data = append(data, b...)
		}
	}
	name := filepath.Join(t.TempDir(), "members.warc.gz")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	whole, wc := run(t, Options{SplitSize: -1}, name)
	split, sc := run(t, Options{SplitSize: 4096}, name)
	wl, wn := fixtures.FileLines(t, whole+"links-*.jsonl")
	sl, sn := fixtures.FileLines(t, split+"links-*.jsonl")
	t.Logf("%d bytes: %d links; %d ranges, %d files of links", len(data), len(wl), sc["ranges"], sn)
	if wn != 1 || sn < 5 {
		t.Errorf("%d files of links read whole, %d in ranges", wn, sn)
	}
	if wc["ranges"] != 1 || sc["ranges"] < int64(len(data)/4096) {
		t.Errorf("ranges: %d whole, %d split, want 1 and %d or more", wc["ranges"], sc["ranges"], len(data)/4096)
	}
	if len(wl) < 100 || !slices.Equal(wl, sl) {
		t.Errorf("%d links in ranges, %d whole: not the same", len(sl), len(wl))
	}
	for _, k := range []string{"pages", "links", "bad_records"} {
		if wc[k] != sc[k] {
			t.Errorf("%s: %d in ranges, %d whole", k, sc[k], wc[k])
		}
	}
	for _, g := range []string{"host-edges", "host-vertices"} {
		w, _ := fixtures.FileLines(t, whole+g+"-*.tsv")
		s, _ := fixtures.FileLines(t, split+g+"-*.tsv")
		if len(w) == 0 || !slices.Equal(w, s) {
			t.Errorf("%s: %d lines in ranges, %d whole: not the same", g, len(s), len(w))
		}
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

// TestPipelineFilter runs the pipeline with a link filter and checks its
// lines against relink warc's (the golden files) that the same filter
// keeps, each golden line read back into the link it was.
func TestPipelineFilter(t *testing.T) {
	files := fixtures.WARC(t, testdata)
	filter := linkfilter.Options{Roles: []htmlattr.Role{htmlattr.RoleHyperlink}, Site: linkfilter.External}
	out, _ := run(t, Options{Filter: filter}, files...)
	got, _ := fixtures.FileLines(t, out+"links-*.jsonl")
	f, err := linkfilter.New(filter)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	all := 0
	for _, file := range files {
		for _, line := range fixtures.Golden(t, testdata, file) {
			all++
			var r crawl.LinkRecord
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatal(err)
			}
			l := extract.Link{Tag: r.Tag, Attr: r.Attr, Rel: r.Rel, Href: r.Href}
			for role := htmlattr.RoleHyperlink; role <= htmlattr.RoleSpeculative; role++ {
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

// TestPipelineLists reads the fixtures from lists of paths, one gzipped,
// as Common Crawl's warc.paths.gz, served by an HTTP server through
// package httpfs, and checks the links against relink warc's.
func TestPipelineLists(t *testing.T) {
	files := fixtures.WARC(t, testdata)
	srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join("..", "testdata", "warc"))))
	defer srv.Close()
	dir := t.TempDir()
	var plain, gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	for i, f := range files {
		w := io.Writer(&plain)
		if i%2 == 1 {
			w = z
		}
		fmt.Fprintf(w, "%s\n\n", filepath.Base(f))
	}
	z.Close()
	os.WriteFile(filepath.Join(dir, "a.paths"), plain.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "b.paths.gz"), gz.Bytes(), 0o644)
	out, counters := run(t, Options{PathsFrom: []string{filepath.Join(dir, "a.paths"), filepath.Join(dir, "b.paths.gz")}, PathsPrefix: srv.URL + "/"})
	got, n := fixtures.FileLines(t, out+"links-*.jsonl")
	var want []string
	for _, f := range files {
		for _, l := range fixtures.Golden(t, testdata, f) {
			want = append(want, strings.Replace(l, `"file":"testdata/warc/`, `"file":"`+srv.URL+`/`, 1))
		}
	}
	slices.Sort(want)
	if n != len(files) || !slices.Equal(got, want) {
		t.Errorf("%d files of links, %d lines; want %d and relink warc's %d", n, len(got), len(files), len(want))
	}
	if counters["ranges"] != int64(len(files)) {
		t.Errorf("%d ranges for %d files", counters["ranges"], len(files))
	}
}

// TestPipelineNoHostGraph: with NoHostGraph the pipeline writes the same
// links, with the same counters, and no file of the host graph.
func TestPipelineNoHostGraph(t *testing.T) {
	files := fixtures.WARC(t, testdata)
	out, counters := run(t, Options{}, files...)
	outNo, countersNo := run(t, Options{NoHostGraph: true}, files...)
	links, _ := fixtures.FileLines(t, out+"links-*.jsonl")
	linksNo, _ := fixtures.FileLines(t, outNo+"links-*.jsonl")
	if len(links) == 0 || !slices.Equal(links, linksNo) {
		t.Errorf("%d lines of links without the graph, %d with it", len(linksNo), len(links))
	}
	if fmt.Sprint(counters) != fmt.Sprint(countersNo) {
		t.Errorf("counters %v without the graph, %v with it", countersNo, counters)
	}
	if graph, _ := filepath.Glob(out + "host-*"); len(graph) == 0 {
		t.Error("no host graph by default")
	}
	if graph, _ := filepath.Glob(outNo + "host-*"); len(graph) != 0 {
		t.Errorf("NoHostGraph wrote %v", graph)
	}
}
