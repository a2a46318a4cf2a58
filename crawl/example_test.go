package crawl_test

import (
	"fmt"
	"io"
	"log"
	"os"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/warc"
)

// Record gives each page of a WARC file with its links.
func ExampleExtractor_Record() {
	f, err := os.Open("../testdata/warc/example.warc")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f)
	defer r.Close()
	x := crawl.NewExtractor(crawl.Options{})
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		p, err := x.Record(rec, f.Name())
		if err != nil {
			fmt.Println("error:", err)
		}
		if p == nil {
			continue
		}
		fmt.Printf("%s %d %q %q\n", p.URL, p.Status, p.Charset, p.CharsetSource)
		for _, l := range p.Links {
			fmt.Println("\t"+l.Tag, l.Attr, l.URI)
		}
	}
	// Output:
	// http://example.org/ 301 "" ""
	// 	http location http://example.org/ru/
	// http://example.org/ru/ 200 "windows-1251" "meta"
	// 	a href http://example.org/ru/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%DE%ED%E8%EA%EE%E4
}
