package warc_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/relink-go/relink/warc"
)

// A file of one gzip member per record read from the middle: the reader
// of the range from byte 10 begins at the next record's member.
func ExampleNextRecordMember() {
	var file bytes.Buffer
	for _, uri := range []string{"http://a.example/", "http://b.example/"} {
		z := gzip.NewWriter(&file)
		fmt.Fprintf(z, "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: %s\r\nContent-Length: 0\r\n\r\n\r\n\r\n", uri)
		z.Close()
	}
	r := bytes.NewReader(file.Bytes())
	size := int64(file.Len())
	start, err := warc.NextRecordMember(r, 10, size, size)
	if err != nil {
		fmt.Println(err)
		return
	}
	x := warc.NewReader(io.NewSectionReader(r, start, size-start))
	for {
		rec, err := x.Next()
		if err != nil {
			break
		}
		// rec.Offset is from start: start+rec.Offset is in the file.
		fmt.Println(rec.TargetURI)
	}
	// Output:
	// http://b.example/
}
