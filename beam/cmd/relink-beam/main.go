// Command relink-beam runs relink's crawl outlinks pipeline (package
// crawlbeam) on an Apache Beam runner: the links of the pages of WARC
// files as sharded JSON lines, and the host graph.
//
// Usage:
//
//	relink-beam --input 'GLOB' [--input 'GLOB'...] --output PREFIX [--shards N] [beam flags]
//
// On one machine, with the Prism runner in the process:
//
//	relink-beam --input 'crawl/*.warc.gz' --output out/ --runner prism
//
// On Google Cloud Dataflow:
//
//	relink-beam --input 'gs://bucket/crawl/*.warc.gz' --output gs://bucket/out/ \
//	    --runner dataflow --project P --region us-central1 \
//	    --staging_location gs://bucket/staging --shards 1000
//
// On Flink or Spark, through their Beam job servers (portable runner):
//
//	relink-beam --input 's3://commoncrawl/crawl-data/CC-MAIN-2024-10/segments/*/warc/*.warc.gz' \
//	    --output s3://bucket/out/ --runner universal --endpoint localhost:8099 \
//	    --environment_type DOCKER
package main

import (
	"context"
	"flag"
	"log"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	crawlbeam "github.com/relink-go/relink/beam"
)

type globs []string

func (g *globs) String() string     { return strings.Join(*g, ",") }
func (g *globs) Set(v string) error { *g = append(*g, v); return nil }

func main() {
	var inputs globs
	flag.Var(&inputs, "input", "a `GLOB` or path of WARC files (repeat for more)")
	output := flag.String("output", "", "the `PREFIX` of the output files")
	shards := flag.Int("shards", 16, "the number of files of links")
	maxPayload := flag.Int64("max-payload", 0, "the most `BYTES` of a page's payload read (64 MiB if 0)")
	flag.Parse()
	beam.Init()
	if len(inputs) == 0 || *output == "" {
		log.Fatal("relink-beam: --input and --output are required")
	}
	p, s := beam.NewPipelineWithRoot()
	crawlbeam.Build(s, crawlbeam.Options{Output: *output, Shards: *shards, MaxPayloadSize: *maxPayload}, inputs...)
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("relink-beam: %v", err)
	}
}
