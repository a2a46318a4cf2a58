package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// A watRecord is a record of a WAT file as warcio's ArchiveIterator gives
// it to cc-pyspark: its type, content type, headers and block.
type watRecord struct {
	offset      int64
	recType     string
	contentType string
	header      map[string]string
	block       []byte
}

// readWATFile reads a WAT file as warcio's ArchiveIterator does a
// gzipped WARC file: member by member, each member decompressed alone
// and holding one record (a version line, header fields, a blank line,
// Content-Length bytes of block, CRLF CRLF), which it checks.
func readWATFile(t *testing.T, data []byte) []watRecord {
	t.Helper()
	var recs []watRecord
	r := bytes.NewReader(data)
	for r.Len() > 0 {
		off := int64(len(data) - r.Len())
		z, err := gzip.NewReader(r)
		if err != nil {
			t.Fatalf("offset %d: not a gzip member: %v", off, err)
		}
		z.Multistream(false)
		member, err := io.ReadAll(z)
		if err != nil {
			t.Fatalf("offset %d: %v", off, err)
		}
		br := bufio.NewReader(bytes.NewReader(member))
		version, _ := br.ReadString('\n')
		if version != "WARC/1.0\r\n" && version != "WARC/1.1\r\n" {
			t.Fatalf("offset %d: version line %q", off, version)
		}
		rec := watRecord{offset: off, header: map[string]string{}}
		for {
			line, err := br.ReadString('\n')
			if err != nil || !strings.HasSuffix(line, "\r\n") {
				t.Fatalf("offset %d: header line %q, %v", off, line, err)
			}
			if line == "\r\n" {
				break
			}
			name, value, ok := strings.Cut(strings.TrimSuffix(line, "\r\n"), ":")
			if !ok {
				t.Fatalf("offset %d: header line %q", off, line)
			}
			rec.header[strings.ToLower(name)] = strings.TrimSpace(value)
		}
		n, err := strconv.Atoi(rec.header["content-length"])
		if err != nil {
			t.Fatalf("offset %d: Content-Length %q", off, rec.header["content-length"])
		}
		rec.block = make([]byte, n)
		if _, err := io.ReadFull(br, rec.block); err != nil {
			t.Fatalf("offset %d: block: %v", off, err)
		}
		if rest, _ := io.ReadAll(br); string(rest) != "\r\n\r\n" {
			t.Fatalf("offset %d: after the block, %q, want CRLF CRLF and the member's end", off, rest)
		}
		rec.recType, rec.contentType = rec.header["warc-type"], rec.header["content-type"]
		recs = append(recs, rec)
	}
	return recs
}

// ccLinks extracts the links of a WAT file as cc-pyspark's
// ExtractLinksJob does (wat_extract_links.py): for each metadata record of
// type application/json, its JSON; for a WARC-Type response, the page's
// URL, the base from HTML-Metadata.Head.Base, and the url of each entry
// of Head.Link, of the Metas of property og:url and of Links, resolved
// against the base (or the page's URL). A record without
// HTTP-Response-Metadata or whose JSON lacks a field cc-pyspark reads
// fails the test, as it would fail the job's record.
//
// The links of speculative paths (@/onclick, @/data-href, @/data-uri),
// which relink's extractor does not report, go to spec instead.
func ccLinks(t *testing.T, recs []watRecord) (pages int, links, spec map[string][]string) {
	t.Helper()
	links, spec = map[string][]string{}, map[string][]string{}
	for _, rec := range recs {
		if rec.recType != "metadata" || rec.contentType != "application/json" {
			continue
		}
		var j map[string]any
		if err := json.Unmarshal(rec.block, &j); err != nil {
			t.Fatalf("offset %d: the JSON: %v", rec.offset, err)
		}
		env := j["Envelope"].(map[string]any)
		wh := env["WARC-Header-Metadata"].(map[string]any)
		if wh["WARC-Type"] != "response" {
			continue
		}
		pages++
		// WARC-Header-Metadata has the field as written: the <> of
		// WARC 1.0's grammar are the page's URL's in relink's lines.
		page := strings.TrimSuffix(strings.TrimPrefix(wh["WARC-Target-URI"].(string), "<"), ">")
		rm, ok := env["Payload-Metadata"].(map[string]any)["HTTP-Response-Metadata"].(map[string]any)
		if !ok {
			t.Fatalf("offset %d: no HTTP-Response-Metadata", rec.offset)
		}
		hm, ok := rm["HTML-Metadata"].(map[string]any)
		if !ok {
			continue
		}
		pu, _ := url.Parse(page)
		base := pu
		add := func(list any) {
			for _, e := range asList(list) {
				if u, ok := e.(map[string]any)["url"].(string); ok {
					to := links
					if p, _ := e.(map[string]any)["path"].(string); strings.HasSuffix(p, "@/onclick") || strings.HasSuffix(p, "@/data-href") || strings.HasSuffix(p, "@/data-uri") {
						to = spec
					}
					if ref, err := url.Parse(u); err == nil && base != nil {
						to[page] = append(to[page], base.ResolveReference(ref).String())
					} else {
						to[page] = append(to[page], "(unparsed) "+u)
					}
				}
			}
		}
		if head, ok := hm["Head"].(map[string]any); ok {
			if b, ok := head["Base"].(string); ok && pu != nil {
				if ref, err := url.Parse(b); err == nil {
					base = pu.ResolveReference(ref)
				}
			}
			add(head["Link"])
			for _, m := range asList(head["Metas"]) {
				if m.(map[string]any)["property"] == "og:url" {
					add([]any{m})
				}
			}
		}
		add(hm["Links"])
	}
	return pages, links, spec
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// TestWATFile writes WAT files of WARC files (Common Crawl's among them)
// and reads them as cc-pyspark does (readWATFile, ccLinks): every record
// is a gzip member of its own, at the offset that relink's reader gives
// it; each page has a metadata record that refers to its record, whose
// envelope gives the record's header length, its block digest (the
// WARC-Block-Digest of the record, when it has one), all its WARC and
// HTTP headers; and cc-pyspark finds as many links in each page as relink
// warc gives of the tags that WAT files put in Head.Link and Links.
func TestWATFile(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "warc")
	for _, name := range []string{"resiliparse-warcfile.warc.gz", "resiliparse-clueweb-quirk.warc.gz", "ia-web-commons-link-extraction-test.warc", "jwarc-cc.warc.gz"} {
		file := filepath.Join(dir, name)
		got := runString([]string{"warc", "--wat", file}, "")
		if got.code != 0 {
			t.Fatalf("%s: exit status %d: %s", name, got.code, got.stderr)
		}
		recs := readWATFile(t, []byte(got.stdout))

		// The source records, by ID, with their digests and header lengths.
		data, _ := os.ReadFile(file)
		src := map[string]*warc.Record{}
		r := warc.NewReader(bytes.NewReader(data))
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			src[rec.RecordID] = rec
		}
		// The WAT file read by relink's own reader: the same records
		// at the same offsets.
		wr := warc.NewReader(strings.NewReader(got.stdout))
		for i := 0; ; i++ {
			rec, err := wr.Next()
			if err == io.EOF {
				if i != len(recs) {
					t.Errorf("%s: relink's reader reads %d records, warcio's way %d", name, i, len(recs))
				}
				break
			}
			if err != nil || i >= len(recs) || rec.Offset != recs[i].offset {
				t.Fatalf("%s: record %d: %v", name, i, err)
			}
		}

		pages, links, spec := ccLinks(t, recs)
		if name == "ia-web-commons-link-extraction-test.warc" {
			// ia-web-commons' test page of onclick attributes, whose
			// links only the speculative paths hold.
			want := "http://www.example.com/webpage.html http://www.example.com/index.html http://www.x.com/ " +
				"http://www.example.com/button-child.php http://example.com/ http://example.com/location/href/1.html " +
				"http://example.com/location/href/2.html"
			if got := strings.Join(spec["http://www.example.com/link-extraction-test-onclick-attr.html"], " "); got != want {
				t.Errorf("the onclick links:\n%s\nwant\n%s", got, want)
			}
		}
		want := runString([]string{"warc", file}, "")
		perPage := map[string]int{}
		wantPages := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSuffix(want.stdout, "\n"), "\n") {
			var l struct {
				Page, Tag, Attr, Record string
			}
			json.Unmarshal([]byte(line), &l)
			wantPages[l.Page] = true
			switch l.Tag {
			case "http", "", "meta", "base", "script":
				continue
			case "style":
				if l.Attr == "" {
					continue // STYLE/#text has href, not url: cc-pyspark skips it
				}
			}
			perPage[l.Page]++
		}
		for page, n := range perPage {
			if len(links[page]) != n {
				t.Errorf("%s: %s: cc-pyspark finds %d links, relink warc gives %d", name, page, len(links[page]), n)
			}
		}
		for _, rec := range recs {
			var j struct {
				Envelope struct {
					HeaderLength string            `json:"WARC-Header-Length"`
					BlockDigest  string            `json:"Block-Digest"`
					WARC         map[string]string `json:"WARC-Header-Metadata"`
					Payload      struct {
						HTTP struct {
							Headers map[string]string       `json:"Headers"`
							Message struct{ Status string } `json:"Response-Message"`
						} `json:"HTTP-Response-Metadata"`
					} `json:"Payload-Metadata"`
				}
			}
			json.Unmarshal(rec.block, &j)
			id := rec.header["warc-refers-to"]
			if id == "" {
				continue // a record without a WARC-Record-ID (ia-web-commons' test file)
			}
			s := src[id]
			if s == nil {
				t.Errorf("%s: WARC-Refers-To %q is no record", name, id)
				continue
			}
			if d := s.Header.Get("WARC-Block-Digest"); strings.HasPrefix(d, "sha1:") && d != j.Envelope.BlockDigest {
				t.Errorf("%s: %s: Block-Digest %s, the record's %s", name, id, j.Envelope.BlockDigest, d)
			}
			if j.Envelope.HeaderLength != strconv.FormatInt(s.HeaderLength, 10) || j.Envelope.WARC["WARC-Record-ID"] != id ||
				len(j.Envelope.WARC) == 0 || rec.header["warc-target-uri"] != s.TargetURI || j.Envelope.Payload.HTTP.Message.Status == "" ||
				len(j.Envelope.Payload.HTTP.Headers) == 0 {
				t.Errorf("%s: %s: envelope %+v", name, id, j.Envelope)
			}
		}
		t.Logf("%s: %d WAT records, %d pages, %d links as cc-pyspark reads them", name, len(recs), pages, func() (n int) {
			for _, l := range links {
				n += len(l)
			}
			return
		}())
		if pages == 0 || pages < len(wantPages)-1 {
			t.Errorf("%s: %d pages in the WAT file, relink warc has links for %d", name, pages, len(wantPages))
		}
	}
}

// TestWATFileMaxOutput: --wat with --max-output 10KiB on a page of 2000
// links and a small page after it: the first page's WAT record is within
// 10 KiB, its last links left out, and reported (exit status 1); the next
// page's record is whole. Each is a gzip member that warcio's way reads.
func TestWATFileMaxOutput(t *testing.T) {
	in := budgetPage("http://a.example/", 2000, true) + budgetPage("http://b.example/", 1, true)
	got := runString([]string{"warc", "--wat", "--max-output", "10KiB"}, in)
	recs := readWATFile(t, []byte(got.stdout))
	want := "relink warc: -: offset 0: the output for the record reached --max-output 10KiB: its lines past it are left out\n"
	if got.code != exitFail || got.stderr != want || len(recs) != 2 {
		t.Fatalf("exit status %d, %q, %d records", got.code, got.stderr, len(recs))
	}
	_, links, _ := ccLinks(t, recs)
	if n := len(links["http://a.example/"]); n == 0 || n >= 2000 || len(recs[0].block) > 10<<10 {
		t.Errorf("the first page: %d links in a block of %d bytes", n, len(recs[0].block))
	}
	if n := len(links["http://b.example/"]); n != 1 {
		t.Errorf("the second page: %d links", n)
	}
	if got := runString([]string{"warc", "--wat"}, in); got.code != 0 || len(readWATFile(t, []byte(got.stdout))) != 2 {
		t.Errorf("by default: exit status %d, %q", got.code, got.stderr)
	}
}
