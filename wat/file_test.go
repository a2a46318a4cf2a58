package wat

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/warc"
)

// TestFieldsJSON: a header as a JSON object is valid JSON that
// encoding/json reads back to the same strings (invalid UTF-8 as
// U+FFFD), with <, > and & as written, and a repeated field's values
// joined.
func TestFieldsJSON(t *testing.T) {
	for _, v := range []string{"", "plain", `quote " backslash \`, "a<b>&c", "tab\tnl\nret\r\x00\x1f\x7f", "é ü 日本", "bad \xff\xfe utf-8", "sep \u2028 \u2029"} {
		b, err := Fields{{Name: "K", Value: v}, {Name: "N", Value: "1"}, {Name: "N", Value: "2"}}.MarshalJSON()
		if err != nil || !json.Valid(b) {
			t.Fatalf("%q: %s, %v", v, b, err)
		}
		var m map[string]string
		json.Unmarshal(b, &m)
		want, _ := json.Marshal(v)
		var wantS string
		json.Unmarshal(want, &wantS)
		if m["K"] != wantS || m["N"] != "1, 2" {
			t.Errorf("%q: read back %q, %q", v, m["K"], m["N"])
		}
		if bytes.Contains([]byte(v), []byte("<")) && !bytes.Contains(b, []byte("a<b>&c")) {
			t.Errorf("%q: %s", v, b)
		}
	}
}

// FuzzWATRecord makes the WAT record of any block as a page's: the JSON
// is valid whatever the HTTP header and the HTML hold.
func FuzzWATRecord(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html lang=en><head><title>T</title><meta name=a content=b></head><div onclick=\"location='x.html'\" data-href=y>"))
	f.Add([]byte("HTTP/1.0 301\nLocation: /x\n folded\n\n"))
	f.Add([]byte("<title>no header"))
	f.Fuzz(func(t *testing.T, block []byte) {
		tee := NewTee(bytes.NewReader(block))
		if err := tee.Finish(); err != nil {
			t.Fatal(err)
		}
		rec := &warc.Record{RecordID: "<urn:x>", TargetURI: "http://example.org/", Header: warc.Header{{Name: "WARC-Type", Value: "response"}}}
		p := &crawl.PageRecord{}
		w := FromSource(p, Source{Record: rec, Tee: tee})
		b, err := AppendRecord(nil, rec, &w)
		if err != nil {
			t.Fatal(err)
		}
		_, js, _ := bytes.Cut(b, []byte("\r\n\r\n"))
		js = bytes.TrimSuffix(js, []byte("\r\n\r\n"))
		if !json.Valid(js) {
			t.Fatalf("not JSON: %.300s", js)
		}
	})
}
