package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// specPage is a page with one link of each speculative form and a
// hyperlink between them.
const specPage = `<div data-href="/d.html">d</div><a href="/a.html">a</a>` +
	`<div onclick="location.href='/next.html'">n</div><input type=button onclick="window.open('/pop.html')">` +
	`<link data-uri="/l.html">`

// TestSpeculativeFlags: relink extract and relink warc report the links of
// role speculative only with --speculative or --role speculative (which
// keeps them alone), and --wat holds them, in Links, in document order.
func TestSpeculativeFlags(t *testing.T) {
	spec := "speculative div@data-href /d.html, speculative div@onclick /next.html, speculative input@onclick /pop.html, speculative link@data-uri /l.html"
	all := "speculative div@data-href /d.html, hyperlink a@href /a.html, speculative div@onclick /next.html, speculative input@onclick /pop.html, speculative link@data-uri /l.html"
	warcIn := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://s.example/\r\nWARC-Record-ID: <urn:uuid:1>\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
		len("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"+specPage), "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"+specPage)
	for _, tt := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"extract", "--type", "html", "--format", "jsonl"}, specPage, "hyperlink a@href /a.html"},
		{[]string{"extract", "--type", "html", "--format", "jsonl", "--speculative"}, specPage, all},
		{[]string{"extract", "--type", "html", "--format", "jsonl", "--role", "speculative"}, specPage, spec},
		{[]string{"extract", "--type", "html", "--format", "jsonl", "--role", "hyperlink,speculative"}, specPage, all},
		{[]string{"warc"}, warcIn, "hyperlink a@href /a.html"},
		{[]string{"warc", "--speculative"}, warcIn, all},
		{[]string{"warc", "--role", "speculative"}, warcIn, spec},
	} {
		got := runString(tt.args, tt.stdin)
		var links []string
		for _, line := range strings.Split(strings.TrimSpace(got.stdout), "\n") {
			var l struct{ Role, Tag, Attr, Value string }
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatalf("%q: %v: %q", tt.args, err, line)
			}
			links = append(links, fmt.Sprintf("%s %s@%s %s", l.Role, l.Tag, l.Attr, l.Value))
		}
		if got.code != 0 || strings.Join(links, ", ") != tt.want {
			t.Errorf("%q: exit status %d, %q\n%s\nwant\n%s", tt.args, got.code, got.stderr, strings.Join(links, ", "), tt.want)
		}
	}

	got := runString([]string{"warc", "--wat"}, warcIn)
	recs := readWATFile(t, []byte(got.stdout))
	if got.code != 0 || len(recs) != 2 {
		t.Fatalf("--wat: exit status %d, %q, %d records", got.code, got.stderr, len(recs))
	}
	var j struct {
		Envelope struct {
			Payload struct {
				HTTP struct {
					HTML struct {
						Head  struct{ Link []map[string]string }
						Links []map[string]string
					} `json:"HTML-Metadata"`
				} `json:"HTTP-Response-Metadata"`
			} `json:"Payload-Metadata"`
		}
	}
	if err := json.Unmarshal(recs[1].block, &j); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, l := range j.Envelope.Payload.HTTP.HTML.Links {
		paths = append(paths, l["path"]+" "+l["url"])
	}
	want := "DIV@/data-href /d.html, A@/href /a.html, DIV@/onclick /next.html, INPUT@/onclick /pop.html, LINK@/data-uri /l.html"
	if strings.Join(paths, ", ") != want || len(j.Envelope.Payload.HTTP.HTML.Head.Link) != 0 {
		t.Errorf("--wat: Links\n%s\nwant\n%s\n(Head.Link %v)", strings.Join(paths, ", "), want, j.Envelope.Payload.HTTP.HTML.Head.Link)
	}
}
