package linkparquet_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/relink-go/relink/parquet/linkparquet"
)

// Lines of relink warc written as Parquet, and read back.
func Example() {
	lines := `{"page":"http://example.org/","record_id":"<urn:uuid:1>","date":"2024-05-06T07:08:09Z","status":301,"charset":"","charset_source":"","record_offset":0,"file":"example.warc","tag":"http","attr":"location","role":"hyperlink","value":"/ru/","href":"http://example.org/ru/","uri":"http://example.org/ru/","iri":"http://example.org/ru/","start":0,"end":0,"line":0,"column":0}
{"file":"page.html","tag":"img","attr":"data-src","role":"resource","value":"a.png","href":"https://example.org/a.png","uri":"https://example.org/a.png","iri":"https://example.org/a.png","start":59,"end":64,"line":7,"column":16,"lazy":true}
`
	var out bytes.Buffer
	w := linkparquet.NewWriter(&out, linkparquet.Options{})
	sc := bufio.NewScanner(strings.NewReader(lines))
	for sc.Scan() {
		var r linkparquet.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			log.Fatal(err)
		}
		if err := w.WriteRecord(&r); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	rows, err := parquet.Read[linkparquet.Record](bytes.NewReader(out.Bytes()), int64(out.Len()))
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rows {
		j, _ := json.Marshal(&r)
		fmt.Printf("%s\n", j)
	}
	// Output:
	// {"page":"http://example.org/","record_id":"\u003curn:uuid:1\u003e","date":"2024-05-06T07:08:09Z","status":301,"charset":"","charset_source":"","record_offset":0,"file":"example.warc","tag":"http","attr":"location","role":"hyperlink","value":"/ru/","href":"http://example.org/ru/","uri":"http://example.org/ru/","iri":"http://example.org/ru/","start":0,"end":0,"line":0,"column":0}
	// {"file":"page.html","tag":"img","attr":"data-src","role":"resource","value":"a.png","href":"https://example.org/a.png","uri":"https://example.org/a.png","iri":"https://example.org/a.png","start":59,"end":64,"line":7,"column":16,"lazy":true}
}
