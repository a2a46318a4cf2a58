package warc_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"log"

	"github.com/relink-go/relink/warc"
)

// A record read alone by the offset and length a CDX index gives: with
// BaseOffset, its Offset is its offset in the whole file.
func ExampleReader_baseOffset() {
	const rec1 = "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.org/a\r\nContent-Length: 1\r\n\r\na\r\n\r\n"
	const rec2 = "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.org/b\r\nContent-Length: 1\r\n\r\nb\r\n\r\n"
	file := []byte(rec1 + rec2)
	offset, length := int64(len(rec1)), int64(len(rec2)) // as an index gives them

	r := warc.NewReader(bytes.NewReader(file[offset : offset+length])) // an HTTP Range request, in practice
	r.BaseOffset = offset
	rec, err := r.Next()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(rec.TargetURI, rec.Offset, rec.Length())
	// Output:
	// http://example.org/b 96 96
}

// The WARC files of a WACZ file: a stored one is a byte range of the
// WACZ, where its records can be read by their offsets.
func ExampleOpenWACZ() {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	w, _ := z.CreateHeader(&zip.FileHeader{Name: "archive/data.warc", Method: zip.Store})
	w.Write([]byte("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.org/\r\nContent-Length: 1\r\n\r\na\r\n\r\n"))
	p, _ := z.Create("pages/pages.jsonl")
	p.Write([]byte(`{"format": "json-pages-1.0"}` + "\n"))
	z.Close()

	wacz, err := warc.OpenWACZ(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		log.Fatal(err)
	}
	for _, a := range wacz.Archives() {
		rc, _ := a.Open()
		rec, err := warc.NewReader(rc).Next()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(a.Name, a.Stored, a.Size, rec.TargetURI)
		rc.Close()
	}
	// Output:
	// archive/data.warc true 95 http://example.org/
}
