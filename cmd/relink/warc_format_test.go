package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
)

// warcPage is a page of relink warc's JSON lines, with its links in order.
type warcPage struct {
	url   string
	links []crawl.Link
}

// warcPages groups the lines of relink warc's output by page (a record:
// its file and offset).
func warcPages(t *testing.T, out string) []warcPage {
	t.Helper()
	var pages []warcPage
	last := ""
	for line := range strings.Lines(out) {
		var l crawl.LinkRecord
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		if key := l.File + "@" + strconv.FormatInt(l.RecordOffset, 10); key != last || len(pages) == 0 {
			pages = append(pages, warcPage{url: l.URL})
			last = key
		}
		pages[len(pages)-1].links = append(pages[len(pages)-1].links, l.Link)
	}
	return pages
}

// TestWARCFormats checks each --format of relink warc, and --unique and
// --count, which work per page, against the JSON lines of every fixture:
// what each line format writes of each link, tsv's columns, each page's
// links once, each page's counts.
func TestWARCFormats(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	for _, file := range warcFixtures(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			all := runString([]string{"warc", file}, "")
			if all.code != 0 {
				t.Fatalf("exit status %d, stderr %q", all.code, all.stderr)
			}
			pages := warcPages(t, all.stdout)
			value := map[string]func(l crawl.Link) (string, bool){
				"href":  func(l crawl.Link) (string, bool) { return l.Href, l.Error == "" },
				"uri":   func(l crawl.Link) (string, bool) { return l.URI, l.Error == "" },
				"iri":   func(l crawl.Link) (string, bool) { return l.IRI, l.Error == "" },
				"value": func(l crawl.Link) (string, bool) { return tsvField(l.Value), true },
			}
			invalid := 0
			for _, p := range pages {
				for _, l := range p.links {
					if l.Error != "" {
						invalid++
					}
				}
			}
			for _, format := range []string{"href", "uri", "iri", "value"} {
				var lines, unique, counts strings.Builder
				for _, p := range pages {
					seen := map[string]int{}
					var order []string
					for _, l := range p.links {
						v, ok := value[format](l)
						if !ok {
							continue
						}
						lines.WriteString(v + "\n")
						if seen[v] == 0 {
							unique.WriteString(v + "\n")
							order = append(order, v)
						}
						seen[v]++
					}
					slices.SortFunc(order, func(a, b string) int {
						return cmp.Or(cmp.Compare(seen[b], seen[a]), strings.Compare(a, b))
					})
					for _, v := range order {
						fmt.Fprintf(&counts, "%s\t%d\t%s\n", p.url, seen[v], v)
					}
				}
				for _, tt := range []struct {
					args []string
					want string
				}{
					{nil, lines.String()},
					{[]string{"--unique"}, unique.String()},
					{[]string{"--count"}, counts.String()},
				} {
					args := append([]string{"warc", "--format", format}, tt.args...)
					got := runString(append(args, file), "")
					if got.code != 0 || got.stdout != tt.want {
						t.Errorf("%q: exit status %d, %d bytes, want %d (stderr %q)", args, got.code, len(got.stdout), len(tt.want), got.stderr)
					}
					// An invalid link left out is told of, never silent.
					if lost := format != "value" && invalid > 0; lost != strings.Contains(got.stderr, "invalid (") {
						t.Errorf("%q: %d invalid links, stderr %q", args, invalid, got.stderr)
					}
				}
			}

			var tsv, unique strings.Builder
			tsv.WriteString("page\tline\tstart\ttag\tattr\thref\turi\tvalue\n")
			for _, p := range pages {
				seen := map[string]bool{}
				for _, l := range p.links {
					fmt.Fprintf(&tsv, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\n", p.url, l.Line, l.Start, l.Tag, l.Attr, l.Href, l.URI, tsvField(l.Value))
					key := l.Href
					if l.Error != "" {
						key = "\x00" + l.Value
					}
					if !seen[key] {
						seen[key] = true
						b, _ := json.Marshal(l)
						unique.Write(b)
					}
				}
			}
			got := runString([]string{"warc", "--format", "tsv", "--header", file}, "")
			if got.code != 0 || got.stdout != tsv.String() {
				t.Errorf("--format tsv --header: exit status %d, output differs (stderr %q)", got.code, got.stderr)
			}
			got = runString([]string{"warc", "--unique", file}, "")
			var gotLinks strings.Builder
			for _, p := range warcPages(t, got.stdout) {
				for _, l := range p.links {
					b, _ := json.Marshal(l)
					gotLinks.Write(b)
				}
			}
			if got.code != 0 || gotLinks.String() != unique.String() {
				t.Errorf("--unique: exit status %d, links differ (stderr %q)", got.code, got.stderr)
			}
		})
	}
}

// htmlResponse returns a WARC response record of an HTML page at url
// whose HTTP body is body.
func htmlResponse(url, body string) string {
	block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + body
	return "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: " + url + "\r\n" +
		"WARC-Record-ID: <urn:uuid:1>\r\nWARC-Date: 2024-01-01T00:00:00Z\r\n" +
		"Content-Type: application/http; msgtype=response\r\n" +
		"Content-Length: " + strconv.Itoa(len(block)) + "\r\n\r\n" + block + "\r\n\r\n"
}

// TestWARCFormatUsage checks the usage errors of the output flags of
// relink warc.
func TestWARCFormatUsage(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "warc", "example.warc")
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--format", "nope"}, `unknown --format "nope" (want ` + orList(linkFormatNames(allFormats)) + ")"},
		{[]string{"--wat=jsonl", "--format", "tsv"}, "--wat writes WAT records: --format, --unique, --count and --header do not apply"},
		{[]string{"--wat=jsonl", "--unique"}, "--wat writes WAT records"},
		{[]string{"--wat=jsonl", "--per-page"}, "--wat and --per-page exclude each other"},
		{[]string{"--per-page", "--format", "uri"}, "--per-page writes JSON lines: it takes --format jsonl, not uri"},
		{[]string{"--per-page", "--count"}, "--per-page and --count exclude each other"},
		{[]string{"--count", "--format", "tsv"}, "--count writes TSV lines of counts"},
		{[]string{"--unique", "--count"}, "--unique and --count exclude each other"},
		{[]string{"--header"}, "--header applies to --format " + orList(linkFormatNames(hasHeader)) + " and --count only"},
		{[]string{"--strict"}, "--strict applies to the links in the text of the pages: it needs --text-links"},
		{[]string{"-q", "-v"}, "--quiet and --verbose together"},
	} {
		got := runString(append(append([]string{"warc"}, tt.args...), file), "")
		if got.code != exitUsage || got.stdout != "" || !strings.HasPrefix(got.stderr, "relink warc: "+tt.msg) {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q; want a usage error %q", tt.args, got.code, got.stdout, got.stderr, tt.msg)
		}
	}
}

// TestWARCTextLinks checks --text-links and --strict of relink warc, and
// the count of an oversize candidate, dropped.
func TestWARCTextLinks(t *testing.T) {
	body := "<p>see www.example.org/a and https://example.net/b,\nnot https://x.example/" + strings.Repeat("x", 9000) + " <a href=c>c</a>"
	rec := htmlResponse("http://example.com/", body)
	file := filepath.Join(t.TempDir(), "text.warc")
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	warning := "relink warc: " + file + ": offset 0: warning: oversize text link at offset 56 (limit 8192 bytes): dropped, not cut\n"
	for _, tt := range []struct {
		args        []string
		out, errOut string
	}{
		{nil, "http://example.com/c\n", ""},
		{[]string{"--text-links"}, "http://www.example.org/a\nhttps://example.net/b\nhttp://example.com/c\n",
			warning + "relink warc: 1 file, 1 page, 3 links, 0 invalid, 1 oversize text link\n"},
		{[]string{"--text-links", "--strict"}, "https://example.net/b\nhttp://example.com/c\n",
			warning + "relink warc: 1 file, 1 page, 2 links, 0 invalid, 1 oversize text link\n"},
		{[]string{"--text-links", "-q"}, "http://www.example.org/a\nhttps://example.net/b\nhttp://example.com/c\n", ""},
		{[]string{"-v"}, "http://example.com/c\n",
			"relink warc: " + file + ": 1 page, 1 link, 0 invalid\nrelink warc: 1 file, 1 page, 1 link, 0 invalid\n"},
	} {
		got := runString(append(append([]string{"warc", "--format", "href"}, tt.args...), file), "")
		if got.code != 0 || got.stdout != tt.out || got.stderr != tt.errOut {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q; want %q, %q", tt.args, got.code, got.stdout, got.stderr, tt.out, tt.errOut)
		}
	}
}
