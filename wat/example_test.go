package wat_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/wat"
)

// The pages of a WARC file as WAT records, one JSON line each.
func ExampleFromPage() {
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
		p, err := x.Record(rec, "example.warc")
		if p == nil || err != nil {
			continue
		}
		w := wat.FromPage(p)
		hrm := w.Envelope.PayloadMetadata.HTTPResponseMetadata
		fmt.Println(w.Envelope.WARCHeaderMetadata.WARCTargetURI, hrm.ResponseMessage.Status)
		if loc, ok := hrm.Headers["Location"]; ok {
			fmt.Println("\tLocation:", loc)
		}
		links, _ := json.Marshal(hrm.HTMLMetadata.Links)
		fmt.Println("\tLinks:", string(links))
	}
	// Output:
	// http://example.org/ 301
	// 	Location: /ru/
	// 	Links: []
	// http://example.org/ru/ 200
	// 	Links: [{"path":"A@/href","url":"поиск?q=Юникод","text":"Поиск"}]
}

// The name of the WAT file of a WARC file, as ia-web-commons makes it.
func ExampleFileName() {
	fmt.Println(wat.FileName("crawl/CC-MAIN-20240101-00000.warc.gz", ".gz"))
	fmt.Println(wat.FileName("site.warc", ".zst"))
	// Output:
	// CC-MAIN-20240101-00000.warc.wat.gz
	// site.warc.wat.zst
}

// A WAT file of a WARC file: its warcinfo record, then a metadata record
// for each record, each record a gzip member of its own.
func ExampleFromSource() {
	f, err := os.Open("../testdata/warc/example.warc")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f)
	defer r.Close()
	x := crawl.NewExtractor(crawl.Options{})
	var out bytes.Buffer
	for i := 0; ; i++ {
		rec, err := r.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		tee := wat.NewTee(rec.Block)
		rec.Block = tee
		var page pageLinks
		isPage, _ := x.Extract(rec, &page)
		if err := tee.Finish(); err != nil { // the rest of the block, for its digest
			log.Fatal(err)
		}
		var p *crawl.PageRecord // nil when rec is no page
		if isPage {
			p = &page.PageRecord
		}
		w := wat.FromSource(p, wat.Source{Record: rec, Tee: tee, File: "example.warc"})
		var b []byte
		if i == 0 {
			b = wat.AppendInfo(b, wat.Info{Filename: wat.FileName("example.warc", ".gz"), Date: rec.Date, Software: "example"})
		}
		if b, err = wat.AppendRecord(b, rec, &w); err != nil {
			log.Fatal(err)
		}
		z := gzip.NewWriter(&out) // a member per record, as WAT files have it
		z.Write(b)
		z.Close()
		hm := w.Envelope.PayloadMetadata.HTTPResponseMetadata
		fmt.Println(rec.Type, hm.ResponseMessage.Status, w.Envelope.PayloadMetadata.BlockDigest, len(hm.HTMLMetadata.Links), "links")
	}
	// Output:
	// response 301 sha1:5LJOHMGXSGHNFM2HGISHP4OEO3CO652U 0 links
	// response 200 sha1:6WXD4X6X2PKXCRVIR7XAS5JL47V2CWQ3 1 links
}

// pageLinks collects a page and its links (a crawl.Handler).
type pageLinks struct{ crawl.PageRecord }

func (h *pageLinks) Page(p *crawl.Page) error { h.PageRecord.Page = *p; return nil }

func (h *pageLinks) Link(_ *crawl.Page, l *extract.Link) error {
	h.Links = append(h.Links, crawl.NewLink(l))
	return nil
}
