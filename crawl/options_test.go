package crawl_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/warc"
)

// response returns a WARC file of one response record for url, whose
// HTTP body is body.
func response(url, contentType, body string) string {
	block := "HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\n\r\n" + body
	return "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: " + url + "\r\n" +
		"WARC-Record-ID: <urn:uuid:1>\r\nWARC-Date: 2024-01-01T00:00:00Z\r\n" +
		"Content-Type: application/http; msgtype=response\r\n" +
		fmt.Sprintf("Content-Length: %d\r\n\r\n", len(block)) + block + "\r\n\r\n"
}

// firstRecord returns the first record of the WARC file file.
func firstRecord(t *testing.T, file string) *warc.Record {
	t.Helper()
	rec, err := warc.NewReader(strings.NewReader(file)).Next()
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestOversize checks that a tag too long to examine is given to
// Options.Oversize, with its place, and not as a link.
func TestOversize(t *testing.T) {
	body := "<p>\n<p title=\"" + strings.Repeat("x", 2<<20) + "\">\n<a href=b.html>b</a>"
	var got []string
	x := crawl.NewExtractor(crawl.Options{Options: extract.Options{Oversize: func(e *extract.OversizeError) {
		got = append(got, fmt.Sprintf("%v %d:%d", e.Construct, e.Offset, e.Line))
	}}})
	p, err := x.Record(firstRecord(t, response("http://example.com/a/", "text/html", body)), "f.warc")
	if err != nil || p == nil {
		t.Fatalf("Record: %v, %v", p, err)
	}
	if want := "[tag 4:2]"; fmt.Sprint(got) != want {
		t.Errorf("oversize %v, want %v", got, want)
	}
	if len(p.Links) != 1 || p.Links[0].URI != "http://example.com/a/b.html" {
		t.Errorf("links %+v, want b.html alone", p.Links)
	}
}

// TestMaxPayloadSize checks the bound of a resource record's payload:
// Options.MaxPayloadSize, warc.DefaultMaxPayloadSize when 0, none when
// negative.
func TestMaxPayloadSize(t *testing.T) {
	body := "<a href=a.html>a</a>" + strings.Repeat(" ", 100) + "<a href=b.html>b</a>"
	block := body
	file := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://example.com/\r\n" +
		"WARC-Record-ID: <urn:uuid:2>\r\nWARC-Date: 2024-01-01T00:00:00Z\r\nContent-Type: text/html\r\n" +
		fmt.Sprintf("Content-Length: %d\r\n\r\n", len(block)) + block + "\r\n\r\n"
	for _, tt := range []struct {
		max   int64
		links int
		err   bool
	}{
		{0, 2, false},
		{-1, 2, false},
		{50, 0, true},
	} {
		p, err := crawl.NewExtractor(crawl.Options{MaxPayloadSize: tt.max}).Record(firstRecord(t, file), "f.warc")
		if p == nil || len(p.Links) != tt.links || (err != nil) != tt.err {
			t.Errorf("MaxPayloadSize %d: %v, %v; want %d links, error %v", tt.max, p, err, tt.links, tt.err)
		}
	}
}

// TestTextLinks checks Options.TextLinks and StrictText: the links written
// in the text of a page, all of them or only those written with a
// scheme; and a candidate too long to be a link, given to Oversize.
func TestTextLinks(t *testing.T) {
	body := "<p>see www.example.org/a and https://example.net/b, not " + "https://x.example/" + strings.Repeat("x", 9000) + " <a href=c>c</a>"
	rec := response("http://example.com/", "text/html", body)
	for _, tt := range []struct {
		opts  crawl.Options
		links string
	}{
		{crawl.Options{}, "[http://example.com/c]"},
		{crawl.Options{Options: extract.Options{TextLinks: true}}, "[http://www.example.org/a https://example.net/b http://example.com/c]"},
		{crawl.Options{Options: extract.Options{TextLinks: true, StrictText: true}}, "[https://example.net/b http://example.com/c]"},
	} {
		var over []string
		tt.opts.Oversize = func(e *extract.OversizeError) {
			over = append(over, fmt.Sprint(e.Construct, " ", e.Offset))
		}
		p, err := crawl.NewExtractor(tt.opts).Record(firstRecord(t, rec), "f.warc")
		if err != nil || p == nil {
			t.Fatalf("%+v: %v, %v", tt.opts, p, err)
		}
		var got []string
		for _, l := range p.Links {
			got = append(got, l.Href)
		}
		if fmt.Sprint(got) != tt.links {
			t.Errorf("TextLinks %v, StrictText %v: links %v, want %v", tt.opts.TextLinks, tt.opts.StrictText, got, tt.links)
		}
		if wantOver := tt.opts.TextLinks; (len(over) == 1 && over[0] == "text link 56") != wantOver || len(over) > 1 {
			t.Errorf("TextLinks %v: oversize %v", tt.opts.TextLinks, over)
		}
	}
}

// TestOptionsEmbedExtract is issue 20 item 4: Options says how a page is
// read once, by embedding extract.Options, and repeats none of its
// fields.
func TestOptionsEmbedExtract(t *testing.T) {
	x := reflect.TypeFor[extract.Options]()
	o := reflect.TypeFor[crawl.Options]()
	embedded := false
	for i := range o.NumField() {
		f := o.Field(i)
		if f.Anonymous && f.Type == x {
			embedded = true
			continue
		}
		if _, ok := x.FieldByName(f.Name); ok {
			t.Errorf("Options.%s repeats extract.Options.%s", f.Name, f.Name)
		}
	}
	if !embedded {
		t.Error("Options does not embed extract.Options")
	}
}

// TestOptionsPerRecord checks that what a record says wins over the
// embedded options (its URL, its charset, the links' URLs), and that the
// rest reach the extractor: MaxTagSize, and DefaultCharset for a page
// that declares no charset.
func TestOptionsPerRecord(t *testing.T) {
	body := "<p title=\"" + strings.Repeat("x", 100) + "\"><a href=caf\xe9>a</a> <a href=b.html>b</a>"
	var over int
	x := crawl.NewExtractor(crawl.Options{Options: extract.Options{
		BaseURL: "http://other.example/", Charset: "utf-8", DefaultCharset: "windows-1252",
		Unresolved: true, MaxTagSize: 64,
		Oversize: func(*extract.OversizeError) { over++ },
	}})
	p, err := x.Record(firstRecord(t, response("http://example.com/", "text/html", body)), "f.warc")
	if err != nil || p == nil {
		t.Fatalf("Record: %v, %v", p, err)
	}
	var got []string
	for _, l := range p.Links {
		got = append(got, l.URI)
	}
	if want := "[http://example.com/caf%C3%A9 http://example.com/b.html]"; fmt.Sprint(got) != want || p.Charset != "windows-1252" || over != 1 {
		t.Errorf("links %v, charset %s, %d oversize; want %v, windows-1252, 1", got, p.Charset, over, want)
	}
}
