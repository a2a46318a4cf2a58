// Command unpackcheck proves in a browser that relink unpack leaves a
// folder that opens from disk: it unpacks web archives (given, or made
// by internal/warcgen from a directory of files served at a URL), opens
// every HTML page of the result in headless Chromium from file:// with
// the network cut, and counts the requests that were served from the
// folder, that failed, and that left it (and of those, the ones to URLs
// the archives hold, which must be none). It also times the unpacking,
// in MB of archive per second. See README.md.
//
//	go run ./unpackcheck -dir /work/corpus/html/usr/share/doc/python3.11/html -base https://docs.python.org/3.11/
//	go run ./unpackcheck ../testdata/warc/*.warc*
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	"github.com/relink-go/relink/internal/browsercheck"
	"github.com/relink-go/relink/internal/warcgen"
	"github.com/relink-go/relink/unpack"
	"github.com/relink-go/relink/weburl"
)

func main() {
	var (
		dir     = flag.String("dir", "", "make an archive of the files under `DIR` first")
		base    = flag.String("base", "https://corpus.example/", "the URL the files of -dir are served at")
		out     = flag.String("out", "", "unpack to `DIR` (default: a temporary directory, removed)")
		exe     = flag.String("exe", "chromium", "the Chromium binary")
		max     = flag.Int("max", 0, "open at most `N` pages (0: all)")
		missing = flag.Bool("missing", false, "unpack with --missing")
		verbose = flag.Bool("v", false, "list each problem")
		save    = flag.String("save", "", "with -dir, write the archive made to `FILE` too")
		browse  = flag.Bool("browser", true, "open the pages in Chromium (-browser=false: unpack and time it only)")
		cpuprof = flag.String("cpuprofile", "", "write a CPU profile of the unpacking to `FILE`")
	)
	flag.Parse()
	archives := flag.Args()
	tmp, err := os.MkdirTemp("", "unpackcheck-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if *dir != "" {
		name := filepath.Join(tmp, "corpus.warc.gz")
		if *save != "" {
			name = *save
		}
		f, err := os.Create(name)
		if err != nil {
			log.Fatal(err)
		}
		bw := bufio.NewWriter(f)
		st, err := warcgen.FromDir(bw, *dir, *base, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), warcgen.Options{MakeMissing: true})
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			log.Fatal(err)
		}
		f.Close()
		fi, _ := os.Stat(name)
		fmt.Printf("archive of %s: %d responses (%d made up), %d revisits, %d redirects, %.1f MB\n", *dir, st.Responses+st.Made, st.Made, st.Revisits, st.Redirects, float64(fi.Size())/1e6)
		archives = append(archives, name)
	}
	if len(archives) == 0 {
		log.Fatal("no archive: give archives, or -dir")
	}
	var as []unpack.Archive
	for _, a := range archives {
		as = append(as, unpack.Archive{Name: a, Open: func() (io.ReadCloser, error) { return os.Open(a) }})
	}
	captured := map[string]bool{}
	if _, err := unpack.Unpack("", as, unpack.Options{List: func(_, u string) { captured[u] = true }}); err != nil {
		log.Fatal(err)
	}
	dest := *out
	if dest == "" {
		dest = filepath.Join(tmp, "site")
	}
	if *cpuprof != "" {
		f, err := os.Create(*cpuprof)
		if err != nil {
			log.Fatal(err)
		}
		pprof.StartCPUProfile(f)
	}
	startT := time.Now()
	st, err := unpack.Unpack(dest, as, unpack.Options{Missing: *missing, Report: func(err error) { log.Print(err) }})
	if err != nil {
		log.Fatal(err)
	}
	secs := time.Since(startT).Seconds()
	if *cpuprof != "" {
		pprof.StopCPUProfile()
	}
	fmt.Printf("unpack: %d records, %d files (%d pages, %d redirects), %d links made local, %d to what was not captured, %d errors; %.1f MB of archive in %.2fs: %.1f MB/s\n",
		st.Records, st.Files, st.Pages, st.Redirects, st.Local, st.Missing, st.Failed, float64(st.Bytes)/1e6, secs, float64(st.Bytes)/1e6/secs)

	if !*browse {
		return
	}
	b, err := browsercheck.Start(*exe)
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close()
	isCaptured := func(u string) bool {
		p, err := weburl.Parse(u, nil)
		if err != nil {
			return false
		}
		s := p.String()
		if i := len(s) - len(p.Hash()); i >= 0 {
			s = s[:i]
		}
		return captured[s]
	}
	rep, err := b.CheckTree(dest, *max, isCaptured)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("chromium: %d pages opened; %d requests served from the folder (%d subresources), %d failed, %d left the folder (%d to captured URLs)\n",
		rep.Pages, rep.Local, rep.Subresource, rep.Failed, rep.Left, rep.LeftCaptured)
	if *verbose {
		for _, u := range rep.LeftURLs {
			fmt.Println("  left: " + u)
		}
		for _, p := range rep.Problems {
			fmt.Println("  " + p)
		}
	}
	if rep.Failed > 0 || rep.LeftCaptured > 0 {
		os.Exit(1)
	}
}
