// Package crawlbeam is relink's crawl outlinks as an Apache Beam pipeline:
// the links of the pages of WARC files (package crawl), written as JSON
// lines, and the host graph they make (package hostgraph), for crawls too
// large for one machine.
//
// The WARC files are read through Beam's filesystems (local files, gs://
// and s3:// when their packages are imported, as cmd/relink-beam does),
// as they are stored: a .warc.gz file is read gzipped, so that each
// record's offset is that of its gzip member, where a CDX index points.
//
// # Parallelism
//
// The files that the patterns match are shuffled (beam.Reshuffle) before
// they are read, so that a runner that fuses steps (Dataflow, Flink)
// spreads them over its workers rather than reading every file of a
// pattern in the worker that listed it. A file of one gzip member per
// record that a worker can seek in (a local or network-mounted file) is
// read in byte ranges of Options.SplitSize, each by any worker: a range
// holds the records whose gzip members begin in it, found with
// warc.NextRecordMember, and a runner may split a range further while it
// is read (dynamic work rebalancing). Other files (uncompressed, gzipped
// as one stream, or on a filesystem that cannot seek, as gs:// and s3://
// in Beam's Go SDK) are read whole by one worker each: parallelism then
// comes from the number of files, as in Common Crawl's crawls of tens of
// thousands of files of about 1 GB.
//
// # Memory
//
// The links are not elements of the pipeline: each range's worker writes
// them, as it finds them, to a file of its own, through a buffer of
// 64 KiB; a runner holds a bundle's output until the bundle ends (Prism
// holds all of it in memory), and a crawl's links are hundreds of
// terabytes, which no runner should shuffle. What goes through the
// runner is the host graph's counts, summed in each range, and the names
// of the files written. A worker holds, per range it reads, the
// warc.Reader's bounded buffers, one page's extractor state and the set
// of hosts that one page links to: its memory does not grow with the
// size of the files.
package crawlbeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/hostgraph"
	"github.com/relink-go/relink/linkfilter"
	"github.com/relink-go/relink/warc"
)

func init() {
	register.Function3x1(expandFn)
	register.DoFn3x1[context.Context, string, func(string), error](&listFn{})
	beam.RegisterType(reflect.TypeOf((*Range)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*rangeTracker)(nil)))
	register.DoFn6x1[context.Context, *sdf.LockRTracker, string, func(string), func(string, int), func(string, int), error](&readFn{})
	register.Emitter1[string]()
	register.Emitter2[string, int]()
	beam.RegisterType(reflect.TypeOf((*vertexCount)(nil)).Elem())
	register.Function1x0(dropName)
	register.Function2x1(formatEdge)
	register.Function2x2(pageVertex)
	register.Function2x2(targetVertex)
	register.Function2x1(addVertex)
	register.Function2x1(formatVertex)
	register.DoFn1x2[string, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
}

// The counters of the pipeline, in namespace "relink".
var (
	pagesCounter      = beam.NewCounter("relink", "pages")       // pages read (crawl.Extractor.Extract found a page)
	linksCounter      = beam.NewCounter("relink", "links")       // links written
	badRecordsCounter = beam.NewCounter("relink", "bad_records") // records that could not be read, or read only in part
	badFilesCounter   = beam.NewCounter("relink", "bad_files")   // files that are not WARC files, or end cut short
	rangesCounter     = beam.NewCounter("relink", "ranges")      // byte ranges of files read (a file read whole is one)
)

// DefaultSplitSize is the size of the byte ranges that a file of one gzip
// member per record is read in, when Options.SplitSize is 0.
const DefaultSplitSize = 256 << 20

// Options configure the pipeline.
type Options struct {
	// Output is the prefix of the files written:
	// Output+"links-NAME-HASH-OFFSET.jsonl", the links of the records
	// of the WARC file NAME (its base name; HASH tells files of one
	// name apart) whose gzip members begin in a range from OFFSET, as
	// relink warc writes them; Output+"host-edges-SSSSS-of-NNNNN.tsv"
	// and Output+"host-vertices-SSSSS-of-NNNNN.tsv", the host graph's
	// lines as relink warc --graph host and --graph host-vertices
	// write them (hostgraph.AppendEdge and AppendVertex), sorted in
	// each shard.
	Output string
	// GraphShards is the number of files of edges and of vertices, 1
	// if 0. A shard is sorted in the memory of one worker.
	GraphShards int
	// SplitSize is the size of the byte ranges that a file of one gzip
	// member per record is read in; DefaultSplitSize if 0, and a
	// negative value reads every file whole.
	SplitSize int64
	// MaxPayloadSize bounds a page's payload, as relink warc's
	// --max-payload; warc.DefaultMaxPayloadSize if 0.
	MaxPayloadSize int64
	// PathsFrom are files that list WARC files to read, one per line,
	// as Common Crawl's warc.paths.gz does (a name that ends in .gz is
	// gunzipped); PathsPrefix is put before each line, as
	// "https://data.commoncrawl.org/" or "s3://commoncrawl/" for
	// Common Crawl's lists. Build reads them, and the patterns it is
	// given.
	PathsFrom   []string
	PathsPrefix string
	// Filter says which links are written, as relink warc's filter
	// flags do (a page's own URL decides what is same-site); the zero
	// value keeps every link. The host graph does not depend on it: it
	// has the links of hostgraph.Counts, as relink warc --graph has.
	Filter linkfilter.Options
	// NoHostGraph leaves the host graph out: Read emits no counts, and
	// Build writes the links alone. What the runner then holds does not
	// grow with the hosts of the crawl.
	NoHostGraph bool
}

// Expand returns the files that the patterns match (a glob, or a path),
// in Beam's filesystems, each once.
func Expand(s beam.Scope, patterns ...string) beam.PCollection {
	s = s.Scope("relink.Expand")
	return beam.ParDo(s, expandFn, beam.CreateList(s, patterns))
}

func expandFn(ctx context.Context, glob string, emit func(string)) error {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return err
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return fmt.Errorf("relink: listing %s: %w", glob, err)
	}
	if len(files) == 0 {
		return fmt.Errorf("relink: %s matches no file", glob)
	}
	slices.Sort(files)
	for _, f := range files {
		emit(f)
	}
	return nil
}

// ExpandLists returns the paths that the files lists hold, one per line
// (a list whose name ends in .gz is gunzipped), each prefixed with
// prefix; blank lines are skipped. The lists are read when the pipeline
// runs, through Beam's filesystems, so that a list of a crawl's tens of
// thousands of files does not make the job's graph large.
func ExpandLists(s beam.Scope, prefix string, lists ...string) beam.PCollection {
	s = s.Scope("relink.ExpandLists")
	return beam.ParDo(s, &listFn{Prefix: prefix}, beam.CreateList(s, lists))
}

type listFn struct{ Prefix string }

func (f *listFn) ProcessElement(ctx context.Context, list string, emit func(string)) error {
	fs, err := filesystem.New(ctx, list)
	if err != nil {
		return err
	}
	defer fs.Close()
	in, err := fs.OpenRead(ctx, list)
	if err != nil {
		return fmt.Errorf("relink: %s: %w", list, err)
	}
	defer in.Close()
	var r io.Reader = in
	if strings.HasSuffix(list, ".gz") {
		z, err := gzip.NewReader(in)
		if err != nil {
			return fmt.Errorf("relink: %s: %w", list, err)
		}
		r = z
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			emit(f.Prefix + line)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("relink: %s: %w", list, err)
	}
	return nil
}

// Read reads the WARC files whose paths files holds, and writes their
// links, as relink warc does, to files named after opts.Output (see
// Options.Output). It returns the names of the files written, and the
// host graph's counts, summed in each range read (up to 65,536 of each
// held at once): (host, pages read on it) for the hosts of the pages
// that are vertices of the graph, and ("source<TAB>target", pages of
// source that link to target) for its edges (hostgraph.Page), reversed
// host names.
//
// A record that cannot be read counts as a bad record ("bad_records")
// and is skipped, as relink warc skips it, and is logged as a warning
// ("relink: FILE: offset N: reason"). A file from which no record could
// be read (not a WARC file), or whose last record is cut short (a
// download or a copy cut off), counts as a bad file ("bad_files"), as
// relink warc exits with status 5 for it; its records count as bad
// records too. A file that cannot be opened or read fails the bundle,
// which the runner retries, and a retry writes the same files again. It
// reports an invalid opts.Filter when the pipeline is built.
func Read(s beam.Scope, files beam.PCollection, opts Options) (written, pages, edges beam.PCollection) {
	s = s.Scope("relink.Read")
	if opts.MaxPayloadSize == 0 {
		opts.MaxPayloadSize = warc.DefaultMaxPayloadSize
	}
	if opts.SplitSize == 0 {
		opts.SplitSize = DefaultSplitSize
	}
	if _, err := linkfilter.New(opts.Filter); err != nil {
		panic(fmt.Sprintf("relink.Read: %v", err))
	}
	fn := &readFn{Output: opts.Output, SplitSize: opts.SplitSize, MaxPayloadSize: opts.MaxPayloadSize, Filter: opts.Filter,
		NoHostGraph: opts.NoHostGraph}
	return beam.ParDo3(s, fn, files)
}

// A Range is the part of a WARC file that one worker reads, the
// restriction of Read's splittable DoFn: the records whose offsets
// (those of their gzip members) are in [Start, End). Split says whether
// the file can be read from another offset than 0, and so the range
// split.
type Range struct {
	Start, End int64
	Split      bool
}

// rangeTracker tracks a Range as offsetrange.Tracker tracks its
// restriction, the offsets claimed being those of the records; it
// refuses to split a Range that cannot be.
type rangeTracker struct {
	*offsetrange.Tracker
	split bool
}

func (t *rangeTracker) GetRestriction() any {
	r := t.Tracker.GetRestriction().(offsetrange.Restriction)
	return Range{r.Start, r.End, t.split}
}

func (t *rangeTracker) TrySplit(fraction float64) (primary, residual any, err error) {
	if !t.split {
		return t.GetRestriction(), nil, nil
	}
	p, r, err := t.Tracker.TrySplit(fraction)
	if err != nil {
		return nil, nil, err
	}
	pr := p.(offsetrange.Restriction)
	primary = Range{pr.Start, pr.End, true}
	if r != nil {
		rr := r.(offsetrange.Restriction)
		residual = Range{rr.Start, rr.End, true}
	}
	return primary, residual, nil
}

type readFn struct {
	Output         string
	SplitSize      int64
	MaxPayloadSize int64
	Filter         linkfilter.Options
	NoHostGraph    bool
}

// splitProbe is how far into a file CreateInitialRestriction looks for a
// second gzip member that begins a record, the sign of a file of one
// member per record.
const splitProbe = 16 << 20

// CreateInitialRestriction returns the whole file, splittable when it is
// gzipped per record and can be read at any offset. A file whose size
// is not known is one unsplittable range of size 1; one that cannot be
// opened, too, for ProcessElement to report.
func (f *readFn) CreateInitialRestriction(name string) Range {
	ctx := context.Background()
	r := Range{0, 1, false}
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return r
	}
	defer fs.Close()
	size, err := fs.Size(ctx, name)
	if err != nil {
		return r
	}
	r.End = max(size, 1)
	if f.SplitSize < 0 || size <= f.SplitSize {
		return r
	}
	in, err := fs.OpenRead(ctx, name)
	if err != nil {
		return r
	}
	defer in.Close()
	if ra, ok := in.(io.ReaderAt); ok {
		if _, ok := in.(io.Seeker); ok {
			_, err := warc.NextRecordMember(ra, 1, splitProbe, size)
			r.Split = err == nil
		}
	}
	return r
}

// SplitRestriction cuts a splittable range into ranges of SplitSize.
func (f *readFn) SplitRestriction(_ string, r Range) []Range {
	if !r.Split {
		return []Range{r}
	}
	var rs []Range
	for _, o := range (offsetrange.Restriction{Start: r.Start, End: r.End}).SizedSplits(f.SplitSize) {
		rs = append(rs, Range{o.Start, o.End, true})
	}
	return rs
}

// RestrictionSize is the size of the range in bytes.
func (f *readFn) RestrictionSize(_ string, r Range) float64 { return float64(r.End - r.Start) }

// CreateTracker returns the range's tracker.
func (f *readFn) CreateTracker(r Range) *sdf.LockRTracker {
	return sdf.NewLockRTracker(&rangeTracker{offsetrange.NewTracker(offsetrange.Restriction{Start: r.Start, End: r.End}), r.Split})
}

// LinkFileName is the name of the file of links of the range from start
// of the WARC file name (see Options.Output).
func LinkFileName(output, name string, start int64) string {
	h := fnv.New32a()
	io.WriteString(h, name)
	return fmt.Sprintf("%slinks-%s-%08x-%012d.jsonl", output, path.Base(name), h.Sum32(), start)
}

// ProcessElement reads the records of the file name whose offsets the
// tracker lets it claim, and writes their links.
func (f *readFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, name string, emitFile func(string), emitPage, emitEdge func(string, int)) error {
	rangesCounter.Inc(ctx, 1)
	r := rt.GetRestriction().(Range)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	in, err := fs.OpenRead(ctx, name)
	if err != nil {
		return fmt.Errorf("relink: %s: %w", name, err)
	}
	defer in.Close()
	base := int64(0)
	if r.Start > 0 {
		ra, okA := in.(io.ReaderAt)
		sk, okS := in.(io.Seeker)
		if !okA || !okS {
			return fmt.Errorf("relink: %s: cannot read from offset %d: the filesystem cannot seek", name, r.Start)
		}
		size, err := fs.Size(ctx, name)
		if err != nil {
			return fmt.Errorf("relink: %s: %w", name, err)
		}
		base, err = warc.NextRecordMember(ra, r.Start, r.End, size)
		if errors.Is(err, warc.ErrNoMember) {
			rt.TryClaim(r.End) // no record begins in the range
			return nil
		}
		if err != nil {
			return fmt.Errorf("relink: %s: %w", name, err)
		}
		if _, err := sk.Seek(base, io.SeekStart); err != nil {
			return fmt.Errorf("relink: %s: %w", name, err)
		}
	}
	filter, err := linkfilter.New(f.Filter)
	if err != nil {
		return err
	}
	w := &rangeWriter{ctx: ctx, name: LinkFileName(f.Output, name, r.Start), file: name,
		filter: filter, emitPage: emitPage, emitEdge: emitEdge, pages: map[string]int{}, edges: map[string]int{},
		noGraph: f.NoHostGraph}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	x := warc.NewReader(in)
	x.BaseOffset = base // the offsets are those of the whole file
	err = f.read(ctx, rt, x, w, r)
	w.flushGraph()
	if cerr := w.close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if w.out != nil {
		emitFile(w.name)
	}
	return nil
}

// read reads the records of x whose offsets the tracker lets it claim,
// and gives them to w.
func (f *readFn) read(ctx context.Context, rt *sdf.LockRTracker, x *warc.Reader, w *rangeWriter, r Range) error {
	x.MaxPayloadSize = f.MaxPayloadSize
	defer x.Close()
	ex := crawl.NewExtractor(crawl.Options{MaxPayloadSize: f.MaxPayloadSize})
	claimed := int64(-1)
	// As relink warc tells a bad record from a bad file: records read,
	// records that could not be, and whether the last thing read was a
	// record cut short.
	records, errs, cut := 0, 0, false
	// claim claims the record at off, the first of its gzip member
	// (records that share a member, in a file gzipped as one stream,
	// share its claim).
	claim := func(off int64) bool {
		if off <= claimed {
			return true
		}
		claimed = off
		return rt.TryClaim(off)
	}
	for {
		rec, err := x.Next()
		if err == io.EOF {
			rt.TryClaim(r.End)
			switch {
			case r.Start == 0 && records == 0 && errs > 0:
				// The range read the whole file, and found no record.
				badFilesCounter.Inc(ctx, 1)
				log.Warnf(ctx, "relink: %s: not a WARC file: no record could be read", w.file)
			case cut:
				badFilesCounter.Inc(ctx, 1)
			}
			return nil
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			if !claim(se.Offset) {
				return nil
			}
			errs++
			cut = errors.Is(se.Err, io.ErrUnexpectedEOF)
			badRecordsCounter.Inc(ctx, 1)
			log.Warnf(ctx, "relink: %s: %s: %s", w.file, se.Where(), se.Reason)
			continue
		}
		if err != nil {
			return fmt.Errorf("relink: %s: %w", w.file, err)
		}
		if !claim(rec.Offset) {
			return nil
		}
		records++
		cut = false
		// The links are written as they are found, none held: a
		// record read in part (a bad record) keeps the links before
		// the failure, as in relink warc.
		isPage, err := ex.Extract(rec, w)
		if w.err != nil {
			return fmt.Errorf("relink: writing %s: %w", w.name, w.err)
		}
		if err != nil {
			badRecordsCounter.Inc(ctx, 1)
			where := fmt.Sprint(rec.Offset)
			if rec.DecompressedOffset != 0 {
				where += fmt.Sprintf("+%d", rec.DecompressedOffset)
			}
			log.Warnf(ctx, "relink: %s: offset %s: %s", w.file, where, strings.TrimPrefix(crawl.Reason(err), "warc: "))
		}
		if isPage {
			w.endPage()
		}
	}
}

// A rangeWriter writes the links of the pages of one range that its
// filter keeps, and emits the host graph of each page (crawl.Handler).
type rangeWriter struct {
	ctx    context.Context
	fs     filesystem.Interface // of the file of links, once opened
	name   string               // of the file of links
	file   string               // the WARC file
	filter *linkfilter.Filter

	out  io.WriteCloser // opened with the first link
	bw   *bufio.Writer
	err  error
	buf  bytes.Buffer
	enc  *json.Encoder
	page hostgraph.Page

	// The host graph's counts of the range, up to maxHeld of each.
	pages, edges       map[string]int
	emitPage, emitEdge func(string, int)
	noGraph            bool // Options.NoHostGraph
}

// maxHeld is how many hosts, and how many edges, a range's reader sums
// before it emits them: a bound on its memory, and what makes the
// counts that go through the runner fewer than the pages. A variable
// for the tests.
var maxHeld = 1 << 16

func (w *rangeWriter) Page(p *crawl.Page) error {
	pagesCounter.Inc(w.ctx, 1)
	if !w.noGraph {
		// Without the graph w.page keeps no host: Link's Add and
		// endPage then do nothing.
		w.page.Reset(p.URL)
	}
	return nil
}

func (w *rangeWriter) endPage() {
	if w.page.Host == "" {
		return
	}
	if len(w.pages) >= maxHeld || len(w.edges)+w.page.Len() > maxHeld {
		w.flushGraph()
	}
	w.pages[w.page.Host]++
	w.page.Targets(func(to string) { w.edges[w.page.Host+"\t"+to]++ })
}

// flushGraph emits the host graph's counts and forgets them.
func (w *rangeWriter) flushGraph() {
	for h, n := range w.pages {
		w.emitPage(h, n)
	}
	for e, n := range w.edges {
		w.emitEdge(e, n)
	}
	clear(w.pages)
	clear(w.edges)
}

func (w *rangeWriter) Link(p *crawl.Page, l *extract.Link) error {
	w.page.Add(l)
	if !w.filter.Match(l, p.URL) {
		return nil
	}
	if w.out == nil {
		if w.fs, w.err = filesystem.New(w.ctx, w.name); w.err != nil {
			return w.err
		}
		if w.out, w.err = w.fs.OpenWrite(w.ctx, w.name); w.err != nil {
			w.out = nil
			return w.err
		}
		w.bw = bufio.NewWriterSize(w.out, 64<<10)
	}
	w.buf.Reset()
	if err := w.enc.Encode(crawl.LinkRecord{Page: *p, File: w.file, Link: crawl.NewLink(l)}); err != nil {
		return err
	}
	if _, err := w.bw.Write(w.buf.Bytes()); err != nil {
		w.err = err
		return err
	}
	linksCounter.Inc(w.ctx, 1)
	return nil
}

// close flushes and closes the file of links, if one was opened.
func (w *rangeWriter) close() error {
	if w.fs != nil {
		defer w.fs.Close()
	}
	if w.out == nil {
		return w.err
	}
	err := w.bw.Flush()
	if cerr := w.out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("relink: writing %s: %w", w.name, err)
	}
	return w.err
}

func dropName(string) {}

// HostGraph makes the host graph from Read's counts of pages and edges
// (an edge is keyed "source<TAB>target", which a host name cannot
// hold): the lines
// of its edges (hostgraph.AppendEdge: source, target, the pages of the
// source that link to the target) and of its vertices
// (hostgraph.AppendVertex: host, pages crawled on it, hosts linking to
// it), without their line feeds.
func HostGraph(s beam.Scope, pages, edges beam.PCollection) (edgeLines, vertexLines beam.PCollection) {
	s = s.Scope("relink.HostGraph")
	counted := stats.SumPerKey(s, edges)
	edgeLines = beam.ParDo(s, formatEdge, counted)
	vertices := beam.Flatten(s, beam.ParDo(s, pageVertex, pages), beam.ParDo(s, targetVertex, counted))
	vertexLines = beam.ParDo(s, formatVertex, beam.CombinePerKey(s, addVertex, vertices))
	return edgeLines, vertexLines
}

// A vertexCount is what is known of a vertex: pages crawled on it, hosts
// linking to it.
type vertexCount struct{ Pages, In int64 }

func formatEdge(key string, n int) string {
	from, to, _ := strings.Cut(key, "\t")
	return string(bytes.TrimSuffix(hostgraph.AppendEdge(nil, from, to, int64(n)), []byte("\n")))
}

func pageVertex(host string, n int) (string, vertexCount) { return host, vertexCount{Pages: int64(n)} }

func targetVertex(key string, _ int) (string, vertexCount) {
	_, to, _ := strings.Cut(key, "\t")
	return to, vertexCount{In: 1}
}

func addVertex(a, b vertexCount) vertexCount { return vertexCount{a.Pages + b.Pages, a.In + b.In} }

func formatVertex(host string, v vertexCount) string {
	return string(bytes.TrimSuffix(hostgraph.AppendVertex(nil, host, v.Pages, v.In), []byte("\n")))
}

// WriteShards writes the lines of col in n files, prefix+"-SSSSS-of-NNNNN"+suffix,
// through Beam's filesystems; a line goes to the shard its hash picks,
// and the lines of a shard are sorted, in the memory of one worker.
func WriteShards(s beam.Scope, prefix, suffix string, n int, col beam.PCollection) {
	s = s.Scope("relink.WriteShards")
	if n < 1 {
		n = 1
	}
	keyed := beam.ParDo(s, &shardFn{N: n}, col)
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Suffix: suffix, N: n}, beam.GroupByKey(s, keyed))
}

type shardFn struct{ N int }

func (f *shardFn) ProcessElement(line string) (int, string) {
	h := fnv.New32a()
	io.WriteString(h, line)
	return int(h.Sum32() % uint32(f.N)), line
}

type writeShardFn struct {
	Prefix, Suffix string
	N              int
}

// ShardName is the name of shard i of n.
func ShardName(prefix, suffix string, i, n int) string {
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, suffix)
}

func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := ShardName(f.Prefix, f.Suffix, shard, f.N)
	var all []string
	var line string
	for lines(&line) {
		all = append(all, line)
	}
	slices.Sort(all)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, line := range all {
		bw.WriteString(line)
		bw.WriteByte('\n')
	}
	err = bw.Flush()
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("relink: writing %s: %w", name, err)
	}
	return nil
}

// Build adds the whole job to s: the files the patterns match and those
// opts.PathsFrom lists, shuffled;
// their links, in a file per range read; the host graph's edges and
// vertices, each in opts.GraphShards files, unless opts.NoHostGraph.
func Build(s beam.Scope, opts Options, patterns ...string) {
	var cols []beam.PCollection
	if len(patterns) > 0 {
		cols = append(cols, Expand(s, patterns...))
	}
	if len(opts.PathsFrom) > 0 {
		cols = append(cols, ExpandLists(s, opts.PathsPrefix, opts.PathsFrom...))
	}
	files := beam.Reshuffle(s, beam.Flatten(s, cols...))
	written, pages, edges := Read(s, files, opts)
	if opts.NoHostGraph {
		// The names of the files written go through a shuffle to a
		// step that drops them, so that the step that reads has an
		// output that another stage takes: Prism (v2.77.0) loops
		// without pause while a stage with no output runs (its
		// stage.Execute selects on a channel closed from the start),
		// which took a core for the whole read.
		beam.ParDo0(s, dropName, beam.Reshuffle(s, written))
		return
	}
	edgeLines, vertexLines := HostGraph(s, pages, edges)
	WriteShards(s, opts.Output+"host-edges", ".tsv", opts.GraphShards, edgeLines)
	WriteShards(s, opts.Output+"host-vertices", ".tsv", opts.GraphShards, vertexLines)
}

// Counters returns the totals of the pipeline's counters in res, by
// name (namespace "relink": "pages", "links", "bad_records", "bad_files",
// "ranges"),
// the committed values where the runner gives them, or an empty map
// when res is nil (a runner that does not wait for the job).
func Counters(res beam.PipelineResult) map[string]int64 {
	m := map[string]int64{}
	if res == nil {
		return m
	}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Namespace() == "relink" {
			m[c.Name()] += c.Result()
		}
	}
	return m
}
