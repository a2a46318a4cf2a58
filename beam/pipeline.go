// Package crawlbeam is relink's crawl outlinks as an Apache Beam pipeline:
// the links of the pages of WARC files (package crawl), written as JSON
// lines in shards, and the host graph they make, for crawls too large for
// one machine.
//
// The WARC files are read through Beam's filesystems (local files, gs://
// and s3:// when their packages are imported, as cmd/relink-beam does),
// as they are stored: a .warc.gz file is read gzipped, so that each
// record's offset is that of its gzip member, where a CDX index points.
// A file is read whole by one worker: parallelism comes from the number
// of files, as in Common Crawl's segments of many files.
package crawlbeam

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/url"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/linkfilter"
	"github.com/relink-go/relink/warc"
)

func init() {
	register.Function3x1(expandFn)
	register.DoFn4x1[context.Context, string, func(string), func(string, string), error](&extractFn{})
	register.Emitter1[string]()
	register.Emitter2[string, string]()
	register.DoFn1x2[string, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
	register.Function2x1(edgeKey)
	register.Function2x1(edgeTarget)
	register.Function2x1(formatCount)
}

// The counters of the pipeline, in namespace "relink".
var (
	pagesCounter      = beam.NewCounter("relink", "pages")       // pages read (crawl.Extractor.Extract found a page)
	linksCounter      = beam.NewCounter("relink", "links")       // links written
	badRecordsCounter = beam.NewCounter("relink", "bad_records") // records that could not be read, or read only in part
)

// Options configure the pipeline.
type Options struct {
	// Output is the prefix of the files written:
	// Output+"links-SSSSS-of-NNNNN.jsonl" (the links, as relink warc
	// writes them), Output+"host-edges-00000-of-00001.tsv" (source host,
	// target host, links) and Output+"host-inlinks-00000-of-00001.tsv"
	// (host, links from other hosts).
	Output string
	// Shards is the number of files of links, 1 if 0.
	Shards int
	// MaxPayloadSize bounds a page's payload, as relink warc's
	// --max-payload; warc.DefaultMaxPayloadSize if 0.
	MaxPayloadSize int64
	// Filter says which links are kept, in the lines and the host
	// graph, as relink warc's filter flags keep them (a page's own URL
	// decides what is same-site); the zero value keeps every link.
	Filter linkfilter.Options
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

// Outlinks reads the WARC files whose paths files holds and returns their
// links as JSON lines, the lines of relink warc (crawl.LinkRecord), and
// the edges of the host graph: for each link whose href is http or https
// and whose host differs from its page's, the pair (page's host, link's
// host), host names in lower case. Only the links opts.Filter keeps are
// given; opts.MaxPayloadSize bounds a page. A record that cannot be read
// counts as a bad record and is skipped, as relink warc skips it; a file
// that cannot be opened or read fails the bundle, which the runner
// retries. It reports an invalid opts.Filter when the pipeline is built.
func Outlinks(s beam.Scope, files beam.PCollection, opts Options) (lines, edges beam.PCollection) {
	s = s.Scope("relink.Outlinks")
	if opts.MaxPayloadSize == 0 {
		opts.MaxPayloadSize = warc.DefaultMaxPayloadSize
	}
	if _, err := linkfilter.New(opts.Filter); err != nil {
		panic(fmt.Sprintf("relink.Outlinks: %v", err))
	}
	return beam.ParDo2(s, &extractFn{MaxPayloadSize: opts.MaxPayloadSize, Filter: opts.Filter}, files)
}

type extractFn struct {
	MaxPayloadSize int64
	Filter         linkfilter.Options
}

// A linkEmitter writes the links of the pages of one file that its
// filter keeps (crawl.Handler).
type linkEmitter struct {
	ctx      context.Context
	path     string
	filter   *linkfilter.Filter
	from     string // the page's host
	buf      bytes.Buffer
	enc      *json.Encoder
	emitLine func(string)
	emitEdge func(string, string)
}

func (e *linkEmitter) Page(p *crawl.Page) error {
	pagesCounter.Inc(e.ctx, 1)
	e.from = host(p.URL)
	return nil
}

func (e *linkEmitter) Link(p *crawl.Page, l *extract.Link) error {
	if !e.filter.Match(l, p.URL) {
		return nil
	}
	e.buf.Reset()
	if err := e.enc.Encode(crawl.LinkRecord{Page: *p, File: e.path, Link: crawl.NewLink(l)}); err != nil {
		return err
	}
	e.emitLine(strings.TrimSuffix(e.buf.String(), "\n"))
	linksCounter.Inc(e.ctx, 1)
	if to := host(l.Href); e.from != "" && to != "" && to != e.from {
		e.emitEdge(e.from, to)
	}
	return nil
}

func (f *extractFn) ProcessElement(ctx context.Context, path string, emitLine func(string), emitEdge func(string, string)) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	in, err := fs.OpenRead(ctx, path)
	if err != nil {
		return fmt.Errorf("relink: %s: %w", path, err)
	}
	defer in.Close()
	r := warc.NewReader(in)
	r.MaxPayloadSize = f.MaxPayloadSize
	defer r.Close()
	x := crawl.NewExtractor(crawl.Options{MaxPayloadSize: f.MaxPayloadSize})
	filter, err := linkfilter.New(f.Filter)
	if err != nil {
		return err
	}
	h := &linkEmitter{ctx: ctx, path: path, filter: filter, emitLine: emitLine, emitEdge: emitEdge}
	h.enc = json.NewEncoder(&h.buf)
	h.enc.SetEscapeHTML(false)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return nil
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			badRecordsCounter.Inc(ctx, 1)
			continue
		}
		if err != nil {
			return fmt.Errorf("relink: %s: %w", path, err)
		}
		// The links are written as they are found, none held: a
		// record read in part (a bad record) keeps the links before
		// the failure, as in relink warc.
		if _, err := x.Extract(rec, h); err != nil {
			badRecordsCounter.Inc(ctx, 1)
		}
	}
}

// host returns the host name of an http or https URL in lower case, or
// "".
func host(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// HostGraph counts the edges of the host graph: it returns "from\tto\tN"
// lines, the links from host to host, and "host\tN" lines, the links to
// each host from other hosts.
func HostGraph(s beam.Scope, edges beam.PCollection) (edgeCounts, inlinks beam.PCollection) {
	s = s.Scope("relink.HostGraph")
	edgeCounts = beam.ParDo(s, formatCount, stats.Count(s, beam.ParDo(s, edgeKey, edges)))
	inlinks = beam.ParDo(s, formatCount, stats.Count(s, beam.ParDo(s, edgeTarget, edges)))
	return edgeCounts, inlinks
}

func edgeKey(from, to string) string    { return from + "\t" + to }
func edgeTarget(from, to string) string { return to }
func formatCount(k string, n int) string {
	return fmt.Sprintf("%s\t%d", k, n)
}

// WriteShards writes the lines of col in n files, prefix+"-SSSSS-of-NNNNN"+suffix,
// through Beam's filesystems; a line goes to the shard its hash picks.
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
	h.Write([]byte(line))
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
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	bw := &errWriter{w: w}
	var line string
	for lines(&line) {
		io.WriteString(bw, line)
		io.WriteString(bw, "\n")
	}
	if err := w.Close(); bw.err == nil {
		bw.err = err
	}
	if bw.err != nil {
		return fmt.Errorf("relink: writing %s: %w", name, bw.err)
	}
	return nil
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	var n int
	n, e.err = e.w.Write(p)
	return n, e.err
}

// Build adds the whole job to s: the files the patterns match, their
// links in opts.Shards files, and the host graph's edge counts and
// in-links, each in one file.
func Build(s beam.Scope, opts Options, patterns ...string) {
	lines, edges := Outlinks(s, Expand(s, patterns...), opts)
	WriteShards(s, opts.Output+"links", ".jsonl", opts.Shards, lines)
	edgeCounts, inlinks := HostGraph(s, edges)
	WriteShards(s, opts.Output+"host-edges", ".tsv", 1, edgeCounts)
	WriteShards(s, opts.Output+"host-inlinks", ".tsv", 1, inlinks)
}
