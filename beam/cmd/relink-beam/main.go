// Command relink-beam runs relink's crawl outlinks pipeline (package
// crawlbeam) on an Apache Beam runner: the links of the pages of WARC
// files as JSON lines, and the host graph.
//
// Usage:
//
//	relink-beam --input 'GLOB' [--input 'GLOB'...] [--paths-from FILE [--paths-prefix P]]
//	    --output PREFIX [--graph-shards N | --host-graph=false] [--split-size BYTES] [--max-payload BYTES]
//	    [--mem-stats [--memprofile FILE]] [beam flags]
//
// It reads local files, gs:// and s3:// objects through Beam's
// filesystems, and http:// and https:// URLs (package httpfs): Common
// Crawl's files, for one, as listed in a crawl's warc.paths.gz:
//
//	relink-beam --paths-from warc.paths.gz --paths-prefix https://data.commoncrawl.org/ ...
//
// On one machine, with the Prism runner in the process:
//
//	relink-beam --input 'crawl/*.warc.gz' --output out/ --runner prism
//
// The README's section "Running the Beam pipeline" says how to run it on
// Dataflow, Flink and Spark. At the end of a run that the runner waits
// for, the counters are printed on standard error:
//
//	relink-beam: bad_records 0, links 1234567, pages 45678, ranges 4
//
// The exit status is 0 when every record was read, 1 when some records
// could not be read and were skipped (bad_records), 2 for a usage error,
// and 3 when the job failed (a file that could not be read fails it).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	crawlbeam "github.com/relink-go/relink/beam"
	_ "github.com/relink-go/relink/beam/httpfs"
)

type globs []string

func (g *globs) String() string     { return strings.Join(*g, ",") }
func (g *globs) Set(v string) error { *g = append(*g, v); return nil }

func main() {
	var inputs, lists globs
	flag.Var(&inputs, "input", "a `GLOB` or path of WARC files (repeat for more)")
	flag.Var(&lists, "paths-from", "a `FILE` that lists WARC files, one per line, gunzipped if its name ends in .gz (repeat for more)")
	prefix := flag.String("paths-prefix", "", "the `PREFIX` put before each line of the --paths-from lists (https://data.commoncrawl.org/)")
	output := flag.String("output", "", "the `PREFIX` of the output files")
	hostGraph := flag.Bool("host-graph", true, "write the host graph (--host-graph=false: the links alone)")
	graphShards := flag.Int("graph-shards", 16, "the number of files of host graph edges, and of vertices")
	splitSize := flag.Int64("split-size", crawlbeam.DefaultSplitSize, "the size in `BYTES` of the ranges a seekable file of one gzip member per record is read in (-1: read files whole)")
	maxPayload := flag.Int64("max-payload", 0, "the most `BYTES` of a page's payload read (64 MiB if 0)")
	memStatsFlag := flag.Bool("mem-stats", false, "print on standard error, at the end, what the process's memory was made of at its peak\n(runtime/metrics, sampled every 100 ms): with Prism, the runner's and the workers'")
	memProfile := flag.String("memprofile", "", "with --mem-stats, write a heap profile (pprof) to `FILE` when the live heap is at its largest")
	flag.Parse()
	var mem *memStats
	if *memStatsFlag {
		mem = startMemStats(100*time.Millisecond, *memProfile)
	}
	beam.Init()
	if len(inputs) == 0 && len(lists) == 0 || *output == "" {
		fmt.Fprintln(os.Stderr, "relink-beam: --output, and --input or --paths-from, are required")
		os.Exit(2)
	}
	p, s := beam.NewPipelineWithRoot()
	crawlbeam.Build(s, crawlbeam.Options{Output: *output, GraphShards: *graphShards, SplitSize: *splitSize,
		MaxPayloadSize: *maxPayload, PathsFrom: lists, PathsPrefix: *prefix, NoHostGraph: !*hostGraph}, inputs...)
	res, err := beamx.RunWithMetrics(context.Background(), p)
	if mem != nil {
		mem.report(os.Stderr)
	}
	if err != nil {
		log.Printf("relink-beam: %v", err)
		os.Exit(3)
	}
	counters := crawlbeam.Counters(res)
	if res != nil {
		// A counter never incremented is absent: it is 0.
		for _, name := range []string{"pages", "links", "bad_records", "ranges"} {
			counters[name] += 0
		}
	}
	if len(counters) > 0 {
		var parts []string
		for name, n := range counters {
			parts = append(parts, fmt.Sprintf("%s %d", name, n))
		}
		slices.Sort(parts)
		fmt.Fprintf(os.Stderr, "relink-beam: %s\n", strings.Join(parts, ", "))
	}
	if counters["bad_records"] > 0 {
		os.Exit(1)
	}
}
