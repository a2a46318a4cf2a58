package warc_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/relink-go/relink/warc"
)

// This reads the HTML responses of a WARC file, here a small one with a
// chunked body, a record that cannot be read, and a WARC 1.0 <uri>.
func ExampleReader() {
	const file = "WARC/1.1\r\n" +
		"WARC-Type: response\r\n" +
		"WARC-Target-URI: http://example.org/\r\n" +
		"WARC-Date: 2024-05-06T07:08:09Z\r\n" +
		"Content-Length: 109\r\n" +
		"\r\n" +
		"HTTP/1.1 200 OK\r\n" +
		"Content-Type: text/html; charset=utf-8\r\n" +
		"Transfer-Encoding: chunked\r\n" +
		"\r\n" +
		"c\r\n<p>Hello</p>\r\n" +
		"0\r\n\r\n" +
		"\r\n\r\n" +
		"WARC/1.0\r\n" +
		"WARC-Type: response\r\n" +
		"\r\n" +
		"WARC/1.0\r\n" +
		"WARC-Type: response\r\n" +
		"WARC-Target-URI: <http://example.org/moved>\r\n" +
		"Content-Length: 50\r\n" +
		"\r\n" +
		"HTTP/1.1 301 Moved Permanently\r\n" +
		"Location: /new\r\n" +
		"\r\n" +
		"\r\n\r\n"

	r := warc.NewReader(strings.NewReader(file))
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			fmt.Println("skipped:", se)
			continue
		}
		if err != nil {
			log.Fatal(err)
		}
		if rec.Type != "response" {
			continue
		}
		resp, err := rec.HTTPResponse()
		if err != nil {
			continue
		}
		media, charset := resp.ContentType()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			continue
		}
		fmt.Printf("%s %d %q %q %v %q location=%q\n", rec.TargetURI, resp.StatusCode, media, charset,
			resp.Decoded, body, resp.Header.Get("Location"))
	}
	// Output:
	// http://example.org/ 200 "text/html" "utf-8" [chunked] "<p>Hello</p>" location=""
	// skipped: warc: offset 238: no Content-Length
	// http://example.org/moved 301 "" "" [] "" location="/new"
}
