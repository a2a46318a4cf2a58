// Command warcgen writes a WARC file of a given size from a directory of
// HTML pages, to measure relink-beam and relink warc on files as large
// as a crawl's: each page becomes a response record, in a gzip member of
// its own as in Common Crawl's files, and the pages are written again and
// again, each time under other host names, until the file reaches the
// size asked for.
//
// Usage:
//
//	warcgen -size 1GB -o big.warc.gz DIR
//
// A page DIR/a/b/c.html is served, in round N, as
// http://nN.a-b.example/a/b/c.html, so that the pages of one directory
// share a host and the round makes new hosts.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// A page is an HTML file and the path it is served at.
type page struct {
	path string // slash-separated, from the directory
	body []byte
}

// readPages reads the .html and .htm files under dir, in the order of
// their paths.
func readPages(dir string) ([]page, error) {
	var pages []page
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := strings.ToLower(filepath.Ext(name)); ext != ".html" && ext != ".htm" {
			return nil
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, name)
		pages = append(pages, page{filepath.ToSlash(rel), b})
		return nil
	})
	slices.SortFunc(pages, func(a, b page) int { return strings.Compare(a.path, b.path) })
	return pages, err
}

// countingWriter counts the bytes written to w.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// generate writes records of the pages to w, a gzip member each, until
// size bytes are written (the last record goes past it), and returns
// the number of records.
func generate(w io.Writer, pages []page, size int64) (int, error) {
	if len(pages) == 0 {
		return 0, fmt.Errorf("no HTML pages")
	}
	cw := &countingWriter{w: w}
	z, _ := gzip.NewWriterLevel(cw, gzip.DefaultCompression)
	records := 0
	record := func(typ, uri, ctype string, block ...[]byte) error {
		z.Reset(cw)
		n := 0
		for _, b := range block {
			n += len(b)
		}
		records++
		fmt.Fprintf(z, "WARC/1.1\r\nWARC-Type: %s\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\nWARC-Date: 2026-01-02T03:04:05Z\r\n", typ, records)
		if uri != "" {
			fmt.Fprintf(z, "WARC-Target-URI: %s\r\n", uri)
		}
		fmt.Fprintf(z, "Content-Type: %s\r\nContent-Length: %d\r\n\r\n", ctype, n)
		for _, b := range block {
			z.Write(b)
		}
		io.WriteString(z, "\r\n\r\n")
		return z.Close()
	}
	if err := record("warcinfo", "", "application/warc-fields", []byte("software: relink warcgen\r\n")); err != nil {
		return records, err
	}
	for round := 0; cw.n < size; round++ {
		for _, p := range pages {
			if cw.n >= size {
				break
			}
			dir, _ := path.Split(p.path)
			host := fmt.Sprintf("n%d.%s.example", round, hostLabel(dir))
			head := fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n", len(p.body))
			if err := record("response", "http://"+host+"/"+p.path, "application/http; msgtype=response", []byte(head), p.body); err != nil {
				return records, err
			}
		}
	}
	return records, nil
}

// hostLabel makes a host label of a directory's name.
func hostLabel(s string) string {
	b := []byte(strings.ToLower(s))
	for i, c := range b {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			b[i] = '-'
		}
	}
	l := strings.Trim(string(b), "-")
	if len(l) > 63 {
		l = strings.Trim(l[len(l)-63:], "-")
	}
	if l == "" {
		l = "x"
	}
	return l
}

func main() {
	size := flag.String("size", "1GB", "the size of the file, in bytes or with a unit KB, MB, GB (powers of 1000)")
	out := flag.String("o", "", "the `FILE` to write")
	flag.Parse()
	if flag.NArg() != 1 || *out == "" {
		log.Fatal("usage: warcgen -size 1GB -o FILE DIR")
	}
	n, err := parseSize(*size)
	if err != nil {
		log.Fatal(err)
	}
	pages, err := readPages(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	records, err := generate(bw, pages, n)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d records from %d pages", *out, records, len(pages))
}

// parseSize reads a size: bytes, or a number and KB, MB or GB.
func parseSize(s string) (int64, error) {
	mult := int64(1)
	for _, u := range []struct {
		name string
		mult int64
	}{{"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}} {
		if n, ok := strings.CutSuffix(strings.ToUpper(s), u.name); ok {
			s, mult = n, u.mult
			break
		}
	}
	var n int64
	if _, err := fmt.Sscan(s, &n); err != nil || n <= 0 {
		return 0, fmt.Errorf("not a size: %q", s)
	}
	return n * mult, nil
}
