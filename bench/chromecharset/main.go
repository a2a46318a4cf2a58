// Command chromecharset measures how often charset.Detect decides
// the charset of an unlabeled page as Chromium does. It is a measuring
// tool, not run by CI, as it needs Chromium and a corpus.
//
// It makes unlabeled pages (-build): the legacy-charset and some UTF-8
// pages of the HTML corpus (the directory that the main module's
// internal/testcorpus/build-corpus.sh builds: html/ and legacy/), with
// their <meta charset> and XML declarations removed, and pages made of
// the translations of the gettext catalogs of the machine (in languages
// the corpus lacks), encoded in their legacy charsets. It then serves
// them on 127.0.0.1 as text/html without a charset and records
// document.characterSet as headless Chromium decides it (-chromium,
// OUT/chromium.tsv), and compares our answers with it (-compare).
//
//	go run ./chromecharset -build -chromium -compare -corpus DIR -out OUT
//
// -corpus defaults to $RELINK_CORPUS, -out to unlabeled in the temporary
// directory.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/internal/browsercheck"
	"github.com/relink-go/relink/internal/testcorpus"
)

func main() {
	var (
		build    = flag.Bool("build", false, "write the unlabeled pages to -out")
		chromium = flag.Bool("chromium", false, "record Chromium's charset of each page of -out")
		compare  = flag.Bool("compare", false, "compare charset.Detect with Chromium's answers")
		corpus   = flag.String("corpus", testcorpus.HTML.Dir(), "the corpus directory (html/ and legacy/)")
		locales  = flag.String("locales", "/usr/share/locale", "the directory of the gettext catalogs")
		out      = flag.String("out", filepath.Join(os.TempDir(), "unlabeled"), "where the unlabeled pages and results go")
		perPlan  = flag.Int("per", 10, "pages per language and charset made from the catalogs")
		utf8Per  = flag.Int("utf8", 3, "UTF-8 pages of each corpus directory")
		jobs     = flag.Int("j", 3, "pages loaded at once")
		exe      = flag.String("exe", "/usr/bin/chromium", "the Chromium binary")
		verbose  = flag.Bool("v", false, "list every disagreement")
		limit    = flag.Int("limit", charset.DetectLimit, "bytes of each page charset.Detect sees (at most charset.DetectLimit count)")
	)
	flag.Parse()
	if *build {
		if *corpus == "" {
			log.Fatalf("-corpus (or %s) is needed to build", testcorpus.HTML.Env)
		}
		n, err := corpusPages(*corpus, *out, *utf8Per)
		if err != nil {
			log.Fatal(err)
		}
		m, err := moPages(*locales, *out, *perPlan, 3000)
		if err != nil {
			log.Fatal(err)
		}
		log.Printf("%d corpus pages and %d catalog pages in %s", n, m, *out)
	}
	if *chromium {
		if err := runChromium(*exe, *out, *jobs); err != nil {
			log.Fatal(err)
		}
	}
	if *compare {
		if err := runCompare(*out, *limit, *verbose); err != nil {
			log.Fatal(err)
		}
	}
}

// runChromium loads every page of out in Chromium and writes
// out/chromium.tsv: the page and its document.characterSet, lower-cased.
func runChromium(exe, out string, jobs int) error {
	pages, err := pagesOf(out)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer ln.Close()
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, "/"))))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write(b)
	}))
	b, err := browsercheck.StartLoopback(exe)
	if err != nil {
		return err
	}
	defer b.Close()
	results := make([]string, len(pages))
	var wg sync.WaitGroup
	next := make(chan int)
	errs := make(chan error, jobs)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				url := "http://" + ln.Addr().String() + "/" + pages[i]
				cs, err := characterSet(b, url)
				if err != nil {
					// Recorded, and left out of the comparison.
					log.Printf("%s: %v", pages[i], err)
					cs = "error"
				}
				results[i] = strings.ToLower(cs)
			}
		}()
	}
	start := time.Now()
	for i := range pages {
		select {
		case next <- i:
		case err := <-errs:
			close(next)
			return err
		}
		if i%100 == 99 {
			log.Printf("%d/%d pages loaded (%v)", i+1, len(pages), time.Since(start).Round(time.Second))
		}
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	f, err := os.Create(filepath.Join(out, "chromium.tsv"))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for i, p := range pages {
		fmt.Fprintf(w, "%s\t%s\n", p, results[i])
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// characterSet opens url in a new tab and returns its
// document.characterSet once it is loaded.
func characterSet(b *browsercheck.Browser, url string) (string, error) {
	var t struct{ TargetID string }
	if err := b.Call("", "Target.createTarget", map[string]any{"url": url}, &t); err != nil {
		return "", err
	}
	defer b.Call("", "Target.closeTarget", map[string]any{"targetId": t.TargetID}, nil)
	var s struct{ SessionID string }
	if err := b.Call("", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &s); err != nil {
		return "", err
	}
	for start := time.Now(); time.Since(start) < 60*time.Second; time.Sleep(20 * time.Millisecond) {
		var r struct {
			Result struct{ Value string }
		}
		err := b.Call(s.SessionID, "Runtime.evaluate", map[string]any{
			"expression":    `document.URL + "\n" + document.readyState + "\n" + document.characterSet`,
			"returnByValue": true,
		}, &r)
		if err != nil {
			continue // the page is being replaced
		}
		f := strings.Split(r.Result.Value, "\n")
		if len(f) == 3 && f[0] == url && f[1] == "complete" {
			return f[2], nil
		}
	}
	return "", fmt.Errorf("not loaded in 60s")
}

// readTSV reads out/chromium.tsv.
func readTSV(out string) (map[string]string, []string, error) {
	f, err := os.Open(filepath.Join(out, "chromium.tsv"))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	m := map[string]string{}
	var order []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p, cs, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			return nil, nil, fmt.Errorf("chromium.tsv: bad line %q", sc.Text())
		}
		m[p] = cs
		order = append(order, p)
	}
	sort.Strings(order)
	return m, order, sc.Err()
}
