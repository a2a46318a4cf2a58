package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/relink-go/relink/crawl"
)

// encodeLinkReflect is the path appendJSONLink replaces: encoding/json
// with SetEscapeHTML(false), through jsonSafe.
func encodeLinkReflect(t testing.TB, file string, l crawl.Link) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(jsonWriter{&buf})
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&jsonLink{File: file, Link: l}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestAppendJSONLink(t *testing.T) {
	tests := []struct {
		file string
		link crawl.Link
	}{
		{"", crawl.Link{}},
		{"a.html", crawl.Link{Tag: "a", Attr: "href", Role: "hyperlink", Value: "x", Href: "https://e.org/x", URI: "https://e.org/x", IRI: "https://e.org/x", Start: 3, End: 4, Line: 1, Column: 4}},
		{"<&>", crawl.Link{Value: "<a href=\"x\">&amp;</a>", Rel: "next prev", Text: "a\tb\nc\rd\be\ff\x00g\x1fh", Lazy: true}},
		{"\xff\xfe", crawl.Link{Value: "\u2028\u2029\x7f\u0080\u009f\u00a0\xc2", Error: "bad \"x\" \\y", Start: -1, End: 1 << 62, Line: -5, Column: 1 << 31}},
		{"日本", crawl.Link{Text: "\xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x80 é"}},
	}
	for _, tt := range tests {
		want := encodeLinkReflect(t, tt.file, tt.link)
		if got := appendJSONLink(nil, tt.file, &tt.link); !bytes.Equal(got, want) {
			t.Errorf("appendJSONLink(%q, %+v)\n got %s\nwant %s", tt.file, tt.link, got, want)
		}
	}
}

func FuzzJSONLink(f *testing.F) {
	f.Add("a.html", "a", "href", "hyperlink", "<x>", "\u2028", "\x7f\u0085", "\xff", int64(1), int64(2), 3, 4, "rel", "text", true, "err")
	f.Add("", "", "", "", "", "", "", "", int64(-1), int64(0), 0, 0, "", "", false, "")
	// The URI and the IRI the href, whose escaped form appendJSONLink
	// writes again; then the IRI alone another.
	f.Add("d/b.html", "img", "src", "resource", "x y", "http://x/\"\u2028ÿ", "http://x/\"\u2028ÿ", "http://x/\"\u2028ÿ", int64(5), int64(9), 1, 6, "", "", false, "")
	f.Add("d/b.html", "a", "href", "hyperlink", "ü", "http://x/%C3%BC", "http://x/%C3%BC", "http://x/ü", int64(5), int64(9), 1, 6, "", "ü", false, "")
	f.Fuzz(func(t *testing.T, file, tag, attr, role, value, href, uri, iri string, start, end int64, line, column int, rel, text string, lazy bool, errs string) {
		l := crawl.Link{Tag: tag, Attr: attr, Role: role, Value: value, Href: href, URI: uri, IRI: iri,
			Start: start, End: end, Line: line, Column: column, Rel: rel, Text: text, Lazy: lazy, Error: errs}
		want := encodeLinkReflect(t, file, l)
		if got := appendJSONLink(nil, file, &l); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}
