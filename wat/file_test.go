package wat

import (
	"bytes"
	"crypto/sha1"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/warc"
)

// TestFieldsJSON: a header as a JSON object is valid JSON that
// encoding/json reads back to the same strings (invalid UTF-8 as
// U+FFFD), with <, > and & as written, and a repeated field's values
// kept as an array, in order, as ia-web-commons lays them out.
func TestFieldsJSON(t *testing.T) {
	for _, v := range []string{"", "plain", `quote " backslash \`, "a<b>&c", "tab\tnl\nret\r\x00\x1f\x7f", "é ü 日本", "bad \xff\xfe utf-8", "sep \u2028 \u2029"} {
		b, err := Fields{{Name: "K", Value: v}, {Name: "N", Value: "1"}, {Name: "n", Value: "x"}, {Name: "N", Value: "2"}, {Name: "N", Value: v}}.MarshalJSON()
		if err != nil || !json.Valid(b) {
			t.Fatalf("%q: %s, %v", v, b, err)
		}
		var m map[string]any
		json.Unmarshal(b, &m)
		want, _ := json.Marshal(v)
		var wantS string
		json.Unmarshal(want, &wantS)
		if m["K"] != wantS || !slices.Equal(asStrings(m["N"]), []string{"1", "2", wantS}) || m["n"] != "x" {
			t.Errorf("%q: read back %q, %q, %q", v, m["K"], m["N"], m["n"])
		}
		if bytes.Contains([]byte(v), []byte("<")) && !bytes.Contains(b, []byte("a<b>&c")) {
			t.Errorf("%q: %s", v, b)
		}
		if !bytes.HasPrefix(b, []byte(`{"K":`)) || !bytes.Contains(b, []byte(`,"N":["1","2",`)) {
			t.Errorf("%q: keys out of order: %s", v, b)
		}
	}
}

// TestFieldsJSONLarge: a header of more fields than are searched (an
// index is made) is laid out as a small one is.
func TestFieldsJSONLarge(t *testing.T) {
	var f Fields
	want := "{"
	for i := range 40 {
		name := fmt.Sprintf("F%d", i%25)
		f = append(f, warc.Field{Name: name, Value: fmt.Sprint(i)})
	}
	for i := range 25 {
		if i > 0 {
			want += ","
		}
		if i < 15 {
			want += fmt.Sprintf(`"F%d":["%d","%d"]`, i, i, i+25)
		} else {
			want += fmt.Sprintf(`"F%d":"%d"`, i, i)
		}
	}
	want += "}"
	b, _ := f.MarshalJSON()
	small, _ := f[:16].MarshalJSON()
	if string(b) != want || !json.Valid(small) {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
}

func asStrings(v any) []string {
	var s []string
	for _, x := range asList(v) {
		s = append(s, x.(string))
	}
	return s
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// shapeWARC holds a record of each type, as Common Crawl's WARC files
// have them (warcinfo, request, response, metadata), and the others a
// WARC file may hold (a non-HTML response, revisit, resource).
var shapeWARC = shapeRecord("warcinfo", "WARC-Filename: x.warc.gz\r\nContent-Type: application/warc-fields", "software: x\r\nformat: WARC File 1.1\r\n") +
	shapeRecord("request", "WARC-Target-URI: http://a.example/\r\nContent-Type: application/http; msgtype=request", "GET / HTTP/1.1\r\nHost: a.example\r\nAccept: *\r\n\r\n") +
	shapeRecord("response", "WARC-Target-URI: http://a.example/\r\nWARC-Concurrent-To: <urn:uuid:00000000-0000-4000-8000-000000000001>\r\n"+
		"WARC-Concurrent-To: <urn:uuid:00000000-0000-4000-8000-000000000003>\r\nContent-Type: application/http; msgtype=response", shapePage) +
	shapeRecord("metadata", "WARC-Target-URI: http://a.example/\r\nContent-Type: application/warc-fields", "fetchTimeMs: 12\r\ncharset-detected: UTF-8\r\n") +
	shapeRecord("response", "WARC-Target-URI: http://a.example/i.png\r\nContent-Type: application/http; msgtype=response",
		"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 4\r\n\r\nPNG!XX") +
	shapeRecord("revisit", "WARC-Target-URI: http://a.example/i.png\r\nWARC-Profile: http://netpreserve.org/warc/1.0/revisit/identical-payload-digest\r\n"+
		"Content-Type: application/http; msgtype=response", "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nX-Name: é\r\n\r\n") +
	shapeRecord("resource", "WARC-Target-URI: file:///r.html\r\nContent-Type: text/html", "<title>R</title><a href=x>")

var shapeN int

// shapeRecord returns a WARC record of type typ, with the fields fields
// and the block block.
func shapeRecord(typ, fields, block string) string {
	shapeN++
	return fmt.Sprintf("WARC/1.0\r\nWARC-Type: %s\r\nWARC-Date: 2024-01-02T03:04:%02dZ\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n%s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
		typ, shapeN, shapeN-1, fields, len(block), block)
}

const shapePage = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n" +
	"<html lang=en><head><title> T  t </title><meta name=description content=D><meta itemprop=x content=y>" +
	"<meta property=og:url content=http://a.example/og>" +
	"<link rel=stylesheet type=text/css href=/s.css><script type=module src=/m.js></script><base href=http://a.example/b/></head>" +
	"<body><a href=/1 target=_blank title=T rel=nofollow hreflang=de type=text/html>one</a>" +
	"<img src=i.png alt=A title=I><form action=/f method=post target=t></form>" +
	"<div data-href=/d></div><style>p{background:url(/bg.png)}</style></body>"

// shapeKeys are the keys of the WAT record of each record of shapeWARC,
// by type, as ia-web-commons writes them (WATExtractorOutput and the
// resources of ExtractingResourceFactoryMapper: WARCResource,
// HTTPRequestResource, HTTPResponseResource, HTTPHeadersResource,
// WARCMetaDataResource, HTMLMetaData), and as Common Crawl's WAT files
// have them (the warcinfo, request and response records of
// CC-MAIN-20190519061520-20190519083520-00000.warc.wat.gz, whose keys
// these are, but for the Block-Digest and Actual-Content-Length that
// that version wrote in Envelope and the current one in
// Payload-Metadata). Objects whose keys are data (the headers, the
// warcinfo's fields, the HTML's lists) are not opened. Relink writes a
// resource record's HTML-Metadata in Payload-Metadata, where
// ia-web-commons has none.
var shapeKeys = map[string]string{
	"warcinfo": "Container Container.Compressed Container.Filename Container.Offset Envelope Envelope.Format Envelope.Payload-Metadata " +
		"Envelope.Payload-Metadata.Actual-Content-Length Envelope.Payload-Metadata.Actual-Content-Type Envelope.Payload-Metadata.Block-Digest " +
		"Envelope.Payload-Metadata.Headers-Corrupt Envelope.Payload-Metadata.Trailing-Slop-Length Envelope.Payload-Metadata.WARC-Info-Metadata " +
		"Envelope.WARC-Header-Length Envelope.WARC-Header-Metadata",
	"request": "Container Container.Compressed Container.Filename Container.Offset Envelope Envelope.Format Envelope.Payload-Metadata " +
		"Envelope.Payload-Metadata.Actual-Content-Length Envelope.Payload-Metadata.Actual-Content-Type Envelope.Payload-Metadata.Block-Digest " +
		"Envelope.Payload-Metadata.HTTP-Request-Metadata Envelope.Payload-Metadata.HTTP-Request-Metadata.Entity-Digest " +
		"Envelope.Payload-Metadata.HTTP-Request-Metadata.Entity-Length Envelope.Payload-Metadata.HTTP-Request-Metadata.Entity-Trailing-Slop-Length " +
		"Envelope.Payload-Metadata.HTTP-Request-Metadata.Headers Envelope.Payload-Metadata.HTTP-Request-Metadata.Headers-Length " +
		"Envelope.Payload-Metadata.HTTP-Request-Metadata.Request-Message Envelope.Payload-Metadata.HTTP-Request-Metadata.Request-Message.Method " +
		"Envelope.Payload-Metadata.HTTP-Request-Metadata.Request-Message.Path Envelope.Payload-Metadata.HTTP-Request-Metadata.Request-Message.Version " +
		"Envelope.Payload-Metadata.Trailing-Slop-Length Envelope.WARC-Header-Length Envelope.WARC-Header-Metadata",
	"response": "Container Container.Compressed Container.Filename Container.Offset Envelope Envelope.Format Envelope.Payload-Metadata " +
		"Envelope.Payload-Metadata.Actual-Content-Length Envelope.Payload-Metadata.Actual-Content-Type Envelope.Payload-Metadata.Block-Digest " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata Envelope.Payload-Metadata.HTTP-Response-Metadata.Entity-Digest " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Entity-Length Envelope.Payload-Metadata.HTTP-Response-Metadata.Entity-Trailing-Slop-Length " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Head " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Head.Base Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Head.Link " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Head.Metas Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Head.Scripts " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Head.Title Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata.Links " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Headers Envelope.Payload-Metadata.HTTP-Response-Metadata.Headers-Length " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message.Reason " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message.Status Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message.Version " +
		"Envelope.Payload-Metadata.Trailing-Slop-Length Envelope.WARC-Header-Length Envelope.WARC-Header-Metadata",
	"metadata": "Container Container.Compressed Container.Filename Container.Offset Envelope Envelope.Format Envelope.Payload-Metadata " +
		"Envelope.Payload-Metadata.Actual-Content-Length Envelope.Payload-Metadata.Actual-Content-Type Envelope.Payload-Metadata.Block-Digest " +
		"Envelope.Payload-Metadata.Trailing-Slop-Length Envelope.Payload-Metadata.WARC-Metadata-Metadata Envelope.Payload-Metadata.WARC-Metadata-Metadata.FIELDS_CORRUPT " +
		"Envelope.Payload-Metadata.WARC-Metadata-Metadata.Metadata-Records " +
		"Envelope.WARC-Header-Length Envelope.WARC-Header-Metadata",
	"image": "Container Container.Compressed Container.Filename Container.Offset Envelope Envelope.Format Envelope.Payload-Metadata " +
		"Envelope.Payload-Metadata.Actual-Content-Length Envelope.Payload-Metadata.Actual-Content-Type Envelope.Payload-Metadata.Block-Digest " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata Envelope.Payload-Metadata.HTTP-Response-Metadata.Entity-Digest " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Entity-Length Envelope.Payload-Metadata.HTTP-Response-Metadata.Entity-Trailing-Slop-Length " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Headers Envelope.Payload-Metadata.HTTP-Response-Metadata.Headers-Length " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message.Reason " +
		"Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message.Status Envelope.Payload-Metadata.HTTP-Response-Metadata.Response-Message.Version " +
		"Envelope.Payload-Metadata.Trailing-Slop-Length Envelope.WARC-Header-Length Envelope.WARC-Header-Metadata",
	"resource": "Container Container.Compressed Container.Filename Container.Offset Envelope Envelope.Format Envelope.Payload-Metadata " +
		"Envelope.Payload-Metadata.Actual-Content-Length Envelope.Payload-Metadata.Block-Digest Envelope.Payload-Metadata.HTML-Metadata " +
		"Envelope.Payload-Metadata.HTML-Metadata.Head Envelope.Payload-Metadata.HTML-Metadata.Head.Title Envelope.Payload-Metadata.HTML-Metadata.Links " +
		"Envelope.Payload-Metadata.Trailing-Slop-Length Envelope.WARC-Header-Length Envelope.WARC-Header-Metadata",
}

// keys lists the keys of a JSON object, and of the objects in it, as
// paths, but for the objects whose keys are data.
func keys(prefix string, v any, out *[]string) {
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	for k, x := range m {
		p := strings.TrimPrefix(prefix+"."+k, ".")
		*out = append(*out, p)
		switch k {
		case "Headers", "WARC-Header-Metadata", "WARC-Info-Metadata", "Gzip-Metadata":
			continue
		}
		keys(p, x, out)
	}
}

// linkHandler collects the links of a page as crawl.Link values.
type linkHandler struct{ p crawl.PageRecord }

func (h *linkHandler) Page(p *crawl.Page) error { h.p.Page = *p; return nil }
func (h *linkHandler) Link(_ *crawl.Page, l *extract.Link) error {
	h.p.Links = append(h.p.Links, crawl.NewLink(l))
	return nil
}

// watRecords makes the WAT record of each record of a WARC file, as
// relink warc --wat does.
func watRecords(t *testing.T, data string, opts crawl.Options) (recs []*warc.Record, out []FileRecord) {
	t.Helper()
	r := warc.NewReader(strings.NewReader(data))
	defer r.Close()
	x := crawl.NewExtractor(opts)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return recs, out
		}
		if err != nil {
			t.Fatal(err)
		}
		tee := NewTee(rec.Block)
		rec.Block = tee
		var h linkHandler
		isPage, _ := x.Extract(rec, &h)
		if err := tee.Finish(); err != nil {
			t.Fatal(err)
		}
		var p *crawl.PageRecord
		if isPage {
			p = &h.p
		}
		recs = append(recs, rec)
		out = append(out, FromSource(p, Source{Record: rec, Tee: tee, File: "x.warc"}))
	}
}

// TestFileRecordShape checks the keys of the WAT record of a record of
// each type against ia-web-commons' layout (shapeKeys), and the values
// ia-web-commons gives them on a page: the WARC and HTTP header fields
// (repeated fields as arrays), the lengths and digests, the head's
// entries with the attributes that go with each link (type of link and
// script elements, target, title, rel, hreflang, type and text of an a
// element, alt and title of an img, target and method of a form).
func TestFileRecordShape(t *testing.T) {
	recs, out := watRecords(t, shapeWARC, crawl.Options{Options: extract.Options{Speculative: true}})
	names := []string{"warcinfo", "request", "response", "metadata", "image", "response", "resource"}
	if len(out) != len(names) {
		t.Fatalf("%d records, want %d", len(out), len(names))
	}
	var js []map[string]any
	var raw [][]byte
	for i, w := range out {
		b, err := AppendRecord(nil, recs[i], &w)
		if err != nil {
			t.Fatal(err)
		}
		_, block, _ := bytes.Cut(b, []byte("\r\n\r\n"))
		var j map[string]any
		if err := json.Unmarshal(bytes.TrimSuffix(block, []byte("\r\n\r\n")), &j); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		js, raw = append(js, j), append(raw, block)
		var got []string
		keys("", j, &got)
		sort.Strings(got)
		if i == 5 { // the revisit: a response without an entity, or HTML
			continue
		}
		if want := shapeKeys[names[i]]; strings.Join(got, " ") != want {
			t.Errorf("%s: keys\n%s\nwant\n%s", names[i], strings.Join(got, " "), want)
		}
	}
	get := func(v any, path ...string) any {
		for _, k := range path {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		return v
	}
	env := func(i int, path ...string) any { return get(js[i], append([]string{"Envelope"}, path...)...) }
	png := sha1.Sum([]byte("PNG!"))
	for _, c := range []struct {
		got  any
		want string
	}{
		{env(0, "Format"), "WARC/1.0"},
		{env(0, "Payload-Metadata", "WARC-Info-Metadata", "format"), "WARC File 1.1"},
		{env(0, "Payload-Metadata", "Actual-Content-Length"), "36"},
		{env(0, "Payload-Metadata", "Trailing-Slop-Length"), "4"},
		{env(0, "Payload-Metadata", "Headers-Corrupt"), "true"},
		{env(1, "Payload-Metadata", "HTTP-Request-Metadata", "Request-Message", "Method"), "GET"},
		{env(1, "Payload-Metadata", "HTTP-Request-Metadata", "Headers-Length"), "46"},
		{env(1, "Payload-Metadata", "HTTP-Request-Metadata", "Entity-Digest"), "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ"}, // of nothing
		{env(2, "Payload-Metadata", "HTTP-Response-Metadata", "HTML-Metadata", "Head", "Title"), "T t"},
		{env(2, "Payload-Metadata", "HTTP-Response-Metadata", "HTML-Metadata", "Head", "Base"), "http://a.example/b/"},
		{env(2, "Payload-Metadata", "HTTP-Response-Metadata", "Entity-Length"), jsonInt(len(shapePage) - strings.Index(shapePage, "\r\n\r\n") - 4)},
		{env(3, "Payload-Metadata", "WARC-Metadata-Metadata", "Metadata-Records"), `[{"Name":"fetchTimeMs","Value":"12"},{"Name":"charset-detected","Value":"UTF-8"}]`},
		{env(4, "Payload-Metadata", "HTTP-Response-Metadata", "Entity-Length"), "4"},
		{env(4, "Payload-Metadata", "HTTP-Response-Metadata", "Entity-Trailing-Slop-Length"), "2"},
		{env(4, "Payload-Metadata", "HTTP-Response-Metadata", "Entity-Digest"), "sha1:" + base32.StdEncoding.EncodeToString(png[:])},
		{env(5, "Payload-Metadata", "HTTP-Response-Metadata", "Response-Message", "Status"), "200"},
		{env(5, "Payload-Metadata", "HTTP-Response-Metadata", "Entity-Length"), "0"},
		{env(5, "Payload-Metadata", "HTTP-Response-Metadata", "Headers-Corrupt"), "true"}, // a byte not ASCII
		{env(5, "Payload-Metadata", "HTTP-Response-Metadata", "Headers", "X-Name"), "é"},
	} {
		got := c.got
		if _, ok := got.(string); !ok {
			b, _ := json.Marshal(got)
			got = string(b)
		}
		if got != c.want {
			t.Errorf("got %v, want %s", got, c.want)
		}
	}
	for _, c := range shapeOrdered {
		if !bytes.Contains(raw[c.rec], []byte(c.want)) {
			t.Errorf("record %d: no %s in\n%s", c.rec, c.want, raw[c.rec])
		}
	}
}

// shapeOrdered are parts of the JSON of records of shapeWARC, keys and
// entries in ia-web-commons' order.
var shapeOrdered = []struct {
	rec  int
	want string
}{
	{2, `"WARC-Concurrent-To":["<urn:uuid:00000000-0000-4000-8000-000000000001>","<urn:uuid:00000000-0000-4000-8000-000000000003>"]`},
	{2, `"Set-Cookie":["a=1","b=2"]`},
	{2, `"Metas":[{"name":"HTML@/lang","content":"en"},{"name":"description","content":"D"},{"content":"http://a.example/og","property":"og:url"}]`},
	{2, `"Link":[{"path":"LINK@/href","url":"/s.css","rel":"stylesheet","type":"text/css"}]`},
	{2, `"Scripts":[{"path":"SCRIPT@/src","url":"/m.js","type":"module"}]`},
	{2, `"Links":[{"path":"A@/href","url":"/1","target":"_blank","title":"T","rel":"nofollow","hreflang":"de","type":"text/html","text":"one"},` +
		`{"path":"IMG@/src","url":"i.png","alt":"A","title":"I"},{"path":"FORM@/action","url":"/f","target":"t","method":"post"},` +
		`{"path":"DIV@/data-href","url":"/d"},{"path":"STYLE/#text","href":"/bg.png"}]`},
	{3, `"Metadata-Records":[{"Name":"fetchTimeMs","Value":"12"},{"Name":"charset-detected","Value":"UTF-8"}]`},
	{0, `{"Container":{"Filename":"x.warc","Compressed":false,"Offset":"0"},"Envelope":{"Payload-Metadata":{"Actual-Content-Type":"application/warc-fields","Headers-Corrupt":true,"WARC-Info-Metadata":{"software":"x","format":"WARC File 1.1"},"Actual-Content-Length":"36","Trailing-Slop-Length":"4","Block-Digest":"sha1:`},
}

func jsonInt(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// FuzzWATRecord makes the WAT record of any block as a record of each
// type, and as a page's: the JSON is valid whatever the WARC fields, the
// HTTP header and the HTML hold, and its lengths add up.
func FuzzWATRecord(f *testing.F) {
	f.Add(byte(0), []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html lang=en><head><title>T</title><meta name=a content=b></head><div onclick=\"location='x.html'\" data-href=y><a href=x target=t>"))
	f.Add(byte(0), []byte("HTTP/1.0 301\nLocation: /x\n folded\n\n"))
	f.Add(byte(1), []byte("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nabcd"))
	f.Add(byte(2), []byte("software: x\r\nformat: y\r\n"))
	f.Add(byte(3), []byte("a: b\r\n bad line\r\n\r\n"))
	f.Add(byte(0), []byte("<title>no header"))
	types := []string{"response", "request", "warcinfo", "metadata", "revisit", "resource"}
	f.Fuzz(func(t *testing.T, typ byte, block []byte) {
		tee := NewTee(bytes.NewReader(block))
		if err := tee.Finish(); err != nil {
			t.Fatal(err)
		}
		rec := &warc.Record{Type: types[int(typ)%len(types)], RecordID: "<urn:x>", TargetURI: "http://example.org/",
			Header: warc.Header{{Name: "WARC-Type", Value: "x"}, {Name: "WARC-Type", Value: "y\r\n"}}}
		var p *crawl.PageRecord
		if typ&0x80 != 0 {
			p = &crawl.PageRecord{Links: []crawl.Link{{Tag: "a", Attr: "href", Value: string(block[:min(len(block), 9)])}, {Tag: "link", Attr: "href", Value: "x"}}}
		}
		w := FromSource(p, Source{Record: rec, Tee: tee})
		b, err := AppendRecord(nil, rec, &w)
		if err != nil {
			t.Fatal(err)
		}
		head, js, _ := bytes.Cut(b, []byte("\r\n\r\n"))
		if bytes.Count(head, []byte("\n")) != bytes.Count(head, []byte("\r\n")) || bytes.Count(head, []byte("\r")) != bytes.Count(head, []byte("\r\n")) {
			t.Fatalf("header lines: %q", head)
		}
		js = bytes.TrimSuffix(js, []byte("\r\n\r\n"))
		if !json.Valid(js) {
			t.Fatalf("not JSON: %.300s", js)
		}
		if w.Envelope.PayloadMetadata.ActualContentLength != jsonInt(len(block)) {
			t.Fatalf("Actual-Content-Length %s of %d bytes", w.Envelope.PayloadMetadata.ActualContentLength, len(block))
		}
		if hm := w.Envelope.PayloadMetadata.HTTPResponseMetadata; hm != nil {
			var n, e, s int
			json.Unmarshal([]byte(hm.HeadersLength), &n)
			json.Unmarshal([]byte(hm.EntityLength), &e)
			json.Unmarshal([]byte(hm.EntityTrailingSlopLength), &s)
			if tee.hdrEnd >= 0 && n+e+s != len(block) {
				t.Fatalf("header %d + entity %d + slop %d != %d", n, e, s, len(block))
			}
		}
	})
}

// TestMaxHead: the title, the metas and the attributes that go with
// links come from the first MaxHead bytes of a page, its links from all
// of it: a script element after the bound is in Head.Scripts without its
// type, a title or meta after it is not in Head.
func TestMaxHead(t *testing.T) {
	for _, tt := range []struct {
		pad            int
		title, meta    bool
		typ            bool
		scripts, links int
	}{
		{0, true, true, true, 1, 1},
		{MaxHead - 200, true, true, true, 1, 1},
		{MaxHead, false, false, false, 1, 1},
	} {
		page := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><body><!--" + strings.Repeat("x", tt.pad) + "-->" +
			"<title>T</title><meta name=a content=b><script type=module src=/m.js></script><a href=/x target=t>x</a>"
		_, out := watRecords(t, shapeRecord("response", "WARC-Target-URI: http://a.example/\r\nContent-Type: application/http; msgtype=response", page), crawl.Options{})
		hm := out[0].Envelope.PayloadMetadata.HTTPResponseMetadata.HTMLMetadata
		var head Head
		if hm.Head != nil {
			head = *hm.Head
		}
		typ := len(head.Scripts) == 1 && len(head.Scripts[0]) == 3 && head.Scripts[0][2].Value == "module"
		if (head.Title == "T") != tt.title || (len(head.Metas) == 1) != tt.meta || typ != tt.typ || len(head.Scripts) != tt.scripts || len(hm.Links) != tt.links {
			t.Errorf("%d bytes before: Head %+v, Links %v", tt.pad, head, hm.Links)
		}
	}
}
