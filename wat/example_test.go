package wat_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/relink-go/relink/crawl"
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
