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
// docs/beam.md says how to run it on Dataflow, Flink and Spark. At the
// end of a run that the runner waits for, the counters are printed on
// standard error:
//
//	relink-beam: bad_files 0, bad_records 0, links 1234567, pages 45678, ranges 4
//
// A record that cannot be read is logged as a warning through the
// runner's logs ("relink: FILE: offset N: reason"), counted in
// bad_records and skipped; a file from which no record could be read
// (not a WARC file), or whose last record is cut short, is counted in
// bad_files. The exit status, as relink warc's, is that of the most
// serious problem met:
//
//	0  every record was read
//	1  some records could not be read and were skipped (bad_records)
//	5  some file is not a WARC file, or ends cut short (bad_files)
//	2  usage: a bad flag or argument; no job was run
//	3  the job failed, or could not be started: a file that cannot be
//	   opened or read, or a pattern that matches no file, fails it
//
// With --async the job is submitted and not waited for: the counters are
// then the runner's to show, and the exit status 0 says only that the
// job was submitted.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	crawlbeam "github.com/relink-go/relink/beam"
	_ "github.com/relink-go/relink/beam/httpfs"
)

type globs []string

func (g *globs) String() string     { return strings.Join(*g, ",") }
func (g *globs) Set(v string) error { *g = append(*g, v); return nil }

// The exit statuses of relink-beam, as those of relink warc: a run that
// meets several problems exits with the most serious (3, then 5, then
// 1). A batch job may take exitBadRecords as success.
const (
	exitOK         = 0
	exitBadRecords = 1 // some records could not be read and were skipped (bad_records)
	exitUsage      = 2 // a bad flag or argument: no job was run
	exitJobFailed  = 3 // the job failed, or could not be started (a file that cannot be opened or read fails it)
	exitBadFile    = 5 // some file is not a WARC file, or ends cut short (bad_files)
)

// config holds relink-beam's own flags.
type config struct {
	inputs, lists globs
	prefix        string
	output        string
	hostGraph     bool
	graphShards   int
	splitSize     int64
	maxPayload    int64
	memStats      bool
	memProfile    string
}

// newConfig defines relink-beam's flags in fs; the Beam SDK's are in
// flag.CommandLine, defined by the packages it imports.
func newConfig(fs *flag.FlagSet) *config {
	c := &config{}
	fs.Var(&c.inputs, "input", "a `GLOB` or path of WARC files (repeat for more)")
	fs.Var(&c.lists, "paths-from", "a `FILE` that lists WARC files, one per line, gunzipped if its name ends in .gz (repeat for more)")
	fs.StringVar(&c.prefix, "paths-prefix", "", "the `PREFIX` put before each line of the --paths-from lists (https://data.commoncrawl.org/)")
	fs.StringVar(&c.output, "output", "", "the `PREFIX` of the output files")
	fs.BoolVar(&c.hostGraph, "host-graph", true, "write the host graph (--host-graph=false: the links alone)")
	fs.IntVar(&c.graphShards, "graph-shards", 16, "the number of files of host graph edges, and of vertices (at least 1)")
	fs.Int64Var(&c.splitSize, "split-size", crawlbeam.DefaultSplitSize, "the size in `BYTES` of the ranges a seekable file of one gzip member per record is read in (-1: read files whole)")
	fs.Int64Var(&c.maxPayload, "max-payload", 0, "the most `BYTES` of a page's payload read (64 MiB if 0)")
	fs.BoolVar(&c.memStats, "mem-stats", false, "print on standard error, at the end, what the process's memory was made of at its peak\n(runtime/metrics, sampled every 100 ms): with Prism, the runner's and the workers'")
	fs.StringVar(&c.memProfile, "memprofile", "", "with --mem-stats, write a heap profile (pprof) to `FILE` when the live heap is at its largest")
	return c
}

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

// run runs relink-beam with the arguments args, writes its messages and
// the counters to stderr, and returns its exit status. It parses args
// into flag.CommandLine, where the Beam SDK has its flags and reads them
// back (the pipeline's options, and a worker's flags when a runner
// starts the program as a worker): it runs once in a process.
func run(args []string, stderr io.Writer) int {
	flags := flag.CommandLine
	flags.Init("relink-beam", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprint(stderr, "usage: relink-beam --input GLOB... | --paths-from FILE... --output PREFIX [flags]\n\nrelink-beam's flags:\n")
		own := flag.NewFlagSet("relink-beam", flag.ContinueOnError)
		own.SetOutput(stderr)
		newConfig(own)
		own.PrintDefaults()
		fmt.Fprint(stderr, "\nThe Beam SDK's flags (the runner's, and its job's options):\n")
		sdk := flag.NewFlagSet("beam", flag.ContinueOnError)
		sdk.SetOutput(stderr)
		flags.VisitAll(func(f *flag.Flag) {
			if own.Lookup(f.Name) == nil && !strings.HasPrefix(f.Name, "test.") {
				sdk.Var(f.Value, f.Name, f.Usage)
			}
		})
		sdk.PrintDefaults()
	}
	c := newConfig(flags)
	if err := flags.Parse(args); err == flag.ErrHelp {
		return exitOK
	} else if err != nil {
		return exitUsage
	}
	var mem *memStats
	if c.memStats {
		mem = startMemStats(100*time.Millisecond, c.memProfile)
	}
	// A worker started by a runner stays in beam.Init until it exits.
	beam.Init()
	switch {
	case len(c.inputs) == 0 && len(c.lists) == 0 || c.output == "":
		fmt.Fprintln(stderr, "relink-beam: --output, and --input or --paths-from, are required")
		return exitUsage
	case flags.NArg() > 0:
		fmt.Fprintf(stderr, "relink-beam: unexpected argument %q: give the files with --input or --paths-from\n", flags.Arg(0))
		return exitUsage
	case c.hostGraph && c.graphShards < 1:
		fmt.Fprintf(stderr, "relink-beam: --graph-shards %d: at least 1\n", c.graphShards)
		return exitUsage
	case *runners.Runner != "" && !registered(*runners.Runner):
		// beam.Run would exit with status 1, which says "bad records".
		fmt.Fprintf(stderr, "relink-beam: --runner %s: no such runner (prism, dataflow, flink, spark, universal, direct, dot)\n", *runners.Runner)
		return exitUsage
	case *jobopts.Async && inProcess():
		fmt.Fprintln(stderr, "relink-beam: --async: the Prism runner runs in this process, and the job would end with it (give --endpoint of a job server)")
		return exitUsage
	}
	p, s := beam.NewPipelineWithRoot()
	crawlbeam.Build(s, crawlbeam.Options{Output: c.output, GraphShards: c.graphShards, SplitSize: c.splitSize,
		MaxPayloadSize: c.maxPayload, PathsFrom: c.lists, PathsPrefix: c.prefix, NoHostGraph: !c.hostGraph}, c.inputs...)
	var res beam.PipelineResult
	var err error
	if inProcess() {
		err = withPrivateTemp(func() error {
			var err error
			res, err = beamx.RunWithMetrics(context.Background(), p)
			return err
		})
	} else {
		res, err = beamx.RunWithMetrics(context.Background(), p)
	}
	if mem != nil {
		mem.report(stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "relink-beam: the job failed: %v\n", err)
		return exitJobFailed
	}
	if *jobopts.Async {
		// The runner did not wait for the job: its result has no
		// metrics (the SDK's Metrics would dereference nil).
		id := ""
		if res != nil && res.JobID() != "" {
			id = " " + res.JobID()
		}
		fmt.Fprintf(stderr, "relink-beam: job%s submitted (--async): its counters are the runner's to show when it ends\n", id)
		return exitOK
	}
	counters := crawlbeam.Counters(res)
	if res == nil {
		return exitOK
	}
	// A counter never incremented is absent: it is 0.
	var parts []string
	for _, name := range counterNames {
		parts = append(parts, fmt.Sprintf("%s %d", name, counters[name]))
	}
	fmt.Fprintf(stderr, "relink-beam: %s\n", strings.Join(parts, ", "))
	switch {
	case counters["bad_files"] > 0:
		return exitBadFile
	case counters["bad_records"] > 0:
		return exitBadRecords
	}
	return exitOK
}

// registered reports whether the Beam SDK has a runner of that name. The
// SDK keeps its runners to itself, and beam.RegisterRunner panics on a
// name it has: registering a runner that fails is the question. The
// runner it leaves behind for a name that was not registered is never
// run: run then stops with a usage error.
func registered(name string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = true
		}
	}()
	beam.RegisterRunner(name, func(context.Context, *beam.Pipeline) (beam.PipelineResult, error) {
		return nil, fmt.Errorf("no runner %q", name)
	})
	return false
}

// inProcess reports whether the runner is Prism started in this process
// (the default runner, and no --endpoint).
func inProcess() bool {
	r := *runners.Runner
	return (r == "" || r == "prism" || r == "PrismRunner") && *jobopts.Endpoint == ""
}

// withPrivateTemp runs fn with TMPDIR set to a directory of its own,
// removed when fn returns, and the old TMPDIR restored. The Beam SDK
// (v2.77.0) makes an empty "beamloopbackworker-*" file in the temporary
// directory for each in-process run and never removes it: without this,
// every run would leave one in /tmp.
func withPrivateTemp(fn func() error) error {
	dir, err := os.MkdirTemp("", "relink-beam-")
	if err != nil {
		return fn() // no worse than the SDK alone
	}
	defer os.RemoveAll(dir)
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	defer func() {
		if had {
			os.Setenv("TMPDIR", old)
		} else {
			os.Unsetenv("TMPDIR")
		}
	}()
	return fn()
}

// counterNames are the counters printed at the end, in order.
var counterNames = []string{"bad_files", "bad_records", "links", "pages", "ranges"}
