package unpack

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A rec is a record of a test archive.
type rec struct {
	typ, uri, date string
	block          string   // the HTTP response, or a resource's payload
	fields         []string // more WARC header fields, "Name: value"
	contentType    string   // of a resource
}

// response returns the block of an HTTP response.
func response(status int, header string, body string) string {
	return fmt.Sprintf("HTTP/1.1 %d X\r\n%s\r\n%s", status, strings.ReplaceAll(header, "\n", "\r\n"), body)
}

// buildWARC returns an archive of recs; gz gzips each record alone.
func buildWARC(gz bool, recs ...rec) []byte {
	var out bytes.Buffer
	for i, r := range recs {
		var b bytes.Buffer
		ct := "application/http; msgtype=response"
		if r.typ == "resource" {
			ct = r.contentType
		}
		date := r.date
		if date == "" {
			date = "2024-01-01T00:00:00Z"
		}
		fmt.Fprintf(&b, "WARC/1.1\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\nWARC-Date: %s\r\nWARC-Record-ID: <urn:uuid:%08d-0000-4000-8000-000000000000>\r\n", r.typ, r.uri, date, i)
		if ct != "" {
			fmt.Fprintf(&b, "Content-Type: %s\r\n", ct)
		}
		for _, f := range r.fields {
			fmt.Fprintf(&b, "%s\r\n", f)
		}
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s\r\n\r\n", len(r.block), r.block)
		if gz {
			zw := gzip.NewWriter(&out)
			zw.Write(b.Bytes())
			zw.Close()
		} else {
			out.Write(b.Bytes())
		}
	}
	return out.Bytes()
}

// memArchive is an Archive of bytes.
func memArchive(name string, b []byte) Archive {
	return Archive{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }}
}

// readTree returns the files under dir, by slash path.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			files[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	return files
}

func html200(body string) string {
	return response(200, "Content-Type: text/html; charset=utf-8\n", body)
}

func gzipped(s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.String()
}
