package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/wat"
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
// against the base (or the page's URL). A record whose JSON lacks a
// field cc-pyspark reads (WARC-Header-Metadata.WARC-Type, and for a
// response HTTP-Response-Metadata) is counted in failed, as the job's
// records_failed counts it; a response without HTML-Metadata is not a
// page (records_non_html).
//
// The links of speculative paths (@/onclick, @/data-href, @/data-uri),
// which relink's extractor does not report, go to spec instead.
func ccLinks(t *testing.T, recs []watRecord) (pages int, links, spec map[string][]string, failed int) {
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
		env, _ := j["Envelope"].(map[string]any)
		wh, ok := env["WARC-Header-Metadata"].(map[string]any)
		if !ok {
			failed++
			continue
		}
		if wh["WARC-Type"] != "response" {
			continue
		}
		// WARC-Header-Metadata has the field as written: the <> of
		// WARC 1.0's grammar are the page's URL's in relink's lines.
		page := strings.TrimSuffix(strings.TrimPrefix(wh["WARC-Target-URI"].(string), "<"), ">")
		rm, ok := env["Payload-Metadata"].(map[string]any)["HTTP-Response-Metadata"].(map[string]any)
		if !ok {
			failed++
			continue
		}
		hm, ok := rm["HTML-Metadata"].(map[string]any)
		if !ok {
			continue
		}
		pages++
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
	return pages, links, spec, failed
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// TestWATFile writes WAT files of WARC files (Common Crawl's among them)
// and reads them as cc-pyspark does (readWATFile, ccLinks): every record
// is a gzip member of its own, at the offset that relink's reader gives
// it; the file begins with a warcinfo record of its own (WARC-Filename
// the WAT file's name as ia-web-commons makes it); then every record of
// the source, of any type, has its metadata record, in the source's
// order, that refers to it (WARC-Refers-To, WARC-Target-URI, the
// Container's file and offset), whose envelope gives its type, its
// header length, its block's length and digest (the record's
// WARC-Block-Digest, when it has one), all its WARC fields, and by type
// its HTTP request, HTTP response (the entity's digest the record's
// WARC-Payload-Digest, when it has one), or fields; cc-pyspark fails on
// no record, and finds as many links in each page as relink warc gives
// of the tags that WAT files put in Head.Link and Links.
func TestWATFile(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "warc")
	for _, name := range []string{"resiliparse-warcfile.warc.gz", "resiliparse-clueweb-quirk.warc.gz", "ia-web-commons-link-extraction-test.warc", "jwarc-cc.warc.gz",
		"aut-issue-514.warc", "warcio-example-iana.org-chunked.warc", "example.warc"} {
		file := filepath.Join(dir, name)
		got := runString([]string{"warc", "--wat", file}, "")
		if got.code != 0 {
			t.Fatalf("%s: exit status %d: %s", name, got.code, got.stderr)
		}
		recs := readWATFile(t, []byte(got.stdout))

		// The source records, in order.
		data, _ := os.ReadFile(file)
		var src []*warc.Record
		r := warc.NewReader(bytes.NewReader(data))
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, rec.Block)
			src = append(src, rec)
		}
		if len(recs) != 1+len(src) {
			t.Fatalf("%s: %d WAT records for %d records", name, len(recs), len(src))
		}
		info := recs[0]
		if info.recType != "warcinfo" || info.contentType != "application/warc-fields" || info.header["warc-filename"] != wat.FileName(name, ".gz") ||
			!strings.HasPrefix(string(info.block), "Software-Info: relink ") || !strings.Contains(string(info.block), "\r\nformat: WARC File Format 1.0\r\n") {
			t.Errorf("%s: the warcinfo record %v %q", name, info.header, info.block)
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

		for i, s := range src {
			rec := recs[i+1]
			var j struct {
				Container struct{ Filename, Offset string }
				Envelope  struct {
					HeaderLength string         `json:"WARC-Header-Length"`
					WARC         map[string]any `json:"WARC-Header-Metadata"`
					Payload      struct {
						Length  string `json:"Actual-Content-Length"`
						Digest  string `json:"Block-Digest"`
						Request *struct {
							Message struct{ Method, Path string } `json:"Request-Message"`
						} `json:"HTTP-Request-Metadata"`
						Response *struct {
							Headers map[string]any          `json:"Headers"`
							Message struct{ Status string } `json:"Response-Message"`
							Digest  string                  `json:"Entity-Digest"`
						} `json:"HTTP-Response-Metadata"`
						Info     map[string]any `json:"WARC-Info-Metadata"`
						Metadata *struct {
							Records []struct{ Name, Value string } `json:"Metadata-Records"`
						} `json:"WARC-Metadata-Metadata"`
					} `json:"Payload-Metadata"`
				}
			}
			if err := json.Unmarshal(rec.block, &j); err != nil {
				t.Fatalf("%s: record %d: %v", name, i+1, err)
			}
			what := fmt.Sprintf("%s: record %d (%s at %d)", name, i+1, s.Type, s.Offset)
			target := s.TargetURI
			if s.Type == "warcinfo" {
				target = s.Header.Get("WARC-Filename")
			}
			if rec.recType != "metadata" || rec.contentType != "application/json" || rec.header["warc-refers-to"] != s.RecordID ||
				rec.header["warc-target-uri"] != target || rec.header["warc-date"] != s.Date {
				t.Errorf("%s: header %v", what, rec.header)
			}
			if j.Container.Filename != file || j.Container.Offset != strconv.FormatInt(s.Offset, 10) {
				t.Errorf("%s: Container %+v", what, j.Container)
			}
			e := j.Envelope
			if e.WARC["WARC-Type"] != s.Type || e.WARC["WARC-Record-ID"] != nilIfEmpty(s.RecordID) || len(e.WARC) == 0 ||
				e.HeaderLength != strconv.FormatInt(s.HeaderLength, 10) || e.Payload.Length != strconv.FormatInt(s.ContentLength, 10) {
				t.Errorf("%s: envelope %+v", what, e)
			}
			if d := base32Digest(s.Header.Get("WARC-Block-Digest")); strings.HasPrefix(d, "sha1:") && d != e.Payload.Digest {
				t.Errorf("%s: Block-Digest %s, the record's %s", what, e.Payload.Digest, d)
			}
			switch s.Type {
			case "request":
				if e.Payload.Request == nil || e.Payload.Request.Message.Method == "" || e.Payload.Request.Message.Path == "" {
					t.Errorf("%s: HTTP-Request-Metadata %+v", what, e.Payload.Request)
				}
			case "response":
				if e.Payload.Response == nil || e.Payload.Response.Message.Status == "" || len(e.Payload.Response.Headers) == 0 {
					t.Errorf("%s: HTTP-Response-Metadata %+v", what, e.Payload.Response)
				} else if d := base32Digest(s.Header.Get("WARC-Payload-Digest")); strings.HasPrefix(d, "sha1:") && s.Header.Get("WARC-Truncated") == "" &&
					e.Payload.Response.Headers["Transfer-Encoding"] == nil && e.Payload.Response.Headers["Content-Encoding"] == nil && d != e.Payload.Response.Digest {
					// The entity is the payload when the HTTP header
					// says no coding (ClueWeb's says gzip of a payload
					// stored decoded).
					t.Errorf("%s: Entity-Digest %s, the record's payload digest %s", what, e.Payload.Response.Digest, d)
				}
			case "warcinfo":
				if len(e.Payload.Info) == 0 {
					t.Errorf("%s: no WARC-Info-Metadata", what)
				}
			case "metadata":
				if e.Payload.Metadata == nil || len(e.Payload.Metadata.Records) == 0 {
					t.Errorf("%s: no WARC-Metadata-Metadata", what)
				}
			}
		}

		pages, links, spec, failed := ccLinks(t, recs)
		if failed > 0 {
			t.Errorf("%s: cc-pyspark fails on %d records", name, failed)
		}
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
		total := 0
		for _, l := range links {
			total += len(l)
		}
		t.Logf("%s: %d WAT records, %d pages, %d links as cc-pyspark reads them", name, len(recs), pages, total)
		if wantTotal, ok := watFileLinks[name]; ok && total != wantTotal {
			t.Errorf("%s: %d links as cc-pyspark reads them, %d before every record had its WAT record", name, total, wantTotal)
		}
		if pages == 0 || pages < len(wantPages)-1 {
			t.Errorf("%s: %d pages in the WAT file, relink warc has links for %d", name, pages, len(wantPages))
		}
	}
}

// watFileLinks are the links cc-pyspark's reading found in the WAT file
// of each fixture when --wat wrote pages only (main at 636a1d7): writing
// a WAT record for every record changes none of them.
var watFileLinks = map[string]int{
	"resiliparse-warcfile.warc.gz":             1661,
	"resiliparse-clueweb-quirk.warc.gz":        4826,
	"ia-web-commons-link-extraction-test.warc": 38,
	"jwarc-cc.warc.gz":                         75,
}

// base32Digest returns a SHA-1 digest "sha1:HEX" in the base 32 form of
// WAT files, other digests as they are.
func base32Digest(d string) string {
	if h, ok := strings.CutPrefix(d, "sha1:"); ok && len(h) == 40 {
		if b, err := hex.DecodeString(h); err == nil {
			return "sha1:" + base32.StdEncoding.EncodeToString(b)
		}
	}
	return d
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// TestWATFileInfo: each input file's records begin with a warcinfo
// record, named for the input (x.warc.gz: x.warc.wat.gz), or for the
// file -o names, dated as the input's first record; standard input's has
// no WARC-Filename.
func TestWATFileInfo(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "warc")
	a, b := filepath.Join(dir, "jwarc-cc.warc.gz"), filepath.Join(dir, "example.warc")
	got := runString([]string{"warc", "--wat", a, b}, "")
	recs := readWATFile(t, []byte(got.stdout))
	var infos []string
	for _, r := range recs {
		if r.recType == "warcinfo" {
			infos = append(infos, r.header["warc-filename"]+" "+r.header["warc-date"])
		}
	}
	if want := "jwarc-cc.warc.wat.gz 2019-12-10T10:00:01Z, example.warc.wat.gz 2024-05-06T07:08:09Z"; got.code != 0 || strings.Join(infos, ", ") != want ||
		recs[0].recType != "warcinfo" || recs[2].recType != "warcinfo" || len(recs) != 5 {
		t.Errorf("exit status %d, %q: warcinfo records %q, want %q (%d records)", got.code, got.stderr, infos, want, len(recs))
	}
	out := filepath.Join(t.TempDir(), "part-00001.wat.gz")
	if got := runString([]string{"warc", "--wat", "-o", out, a}, ""); got.code != 0 {
		t.Fatalf("-o: exit status %d, %q", got.code, got.stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if recs := readWATFile(t, data); len(recs) != 2 || recs[0].header["warc-filename"] != "part-00001.wat.gz" {
		t.Errorf("-o: %d records, the first %v", len(recs), recs[0].header)
	}
	in, _ := os.ReadFile(b)
	if recs := readWATFile(t, []byte(runString([]string{"warc", "--wat"}, string(in)).stdout)); len(recs) != 3 || recs[0].recType != "warcinfo" || recs[0].header["warc-filename"] != "" {
		t.Errorf("standard input: %d records, the first %v", len(recs), recs[0].header)
	}

	// A record read alone by offset and length (FILE#OFFSET,LENGTH) has
	// the same WAT record as in the whole file's WAT file: its
	// Container gives the offset in the whole file.
	c := filepath.Join(dir, "resiliparse-warcfile.warc.gz")
	whole := readWATFile(t, []byte(runString([]string{"warc", "--wat", c}, "").stdout))
	data, _ = os.ReadFile(c)
	r := warc.NewReader(bytes.NewReader(data))
	checked := 0
	for i := 0; ; i++ {
		rec, err := r.Next()
		if err == io.EOF {
			if checked < 5 {
				t.Errorf("%d records read alone", checked)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if i%7 != 2 {
			continue
		}
		checked++
		arg := fmt.Sprintf("%s#%d,%d", c, rec.Offset, rec.Length())
		alone := readWATFile(t, []byte(runString([]string{"warc", "--wat", arg}, "").stdout))
		if len(alone) != 2 || !bytes.Equal(alone[1].block, whole[i+1].block) || alone[1].header["warc-record-id"] != whole[i+1].header["warc-record-id"] {
			t.Errorf("%s: %d records, the record\n%.300s\nwant\n%.300s", arg, len(alone), alone[len(alone)-1].block, whole[i+1].block)
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
	if got.code != exitFail || got.stderr != want || len(recs) != 3 {
		t.Fatalf("exit status %d, %q, %d records", got.code, got.stderr, len(recs))
	}
	_, links, _, _ := ccLinks(t, recs)
	if n := len(links["http://a.example/"]); n == 0 || n >= 2000 || len(recs[1].block) > 10<<10 {
		t.Errorf("the first page: %d links in a block of %d bytes", n, len(recs[1].block))
	}
	if n := len(links["http://b.example/"]); n != 1 {
		t.Errorf("the second page: %d links", n)
	}
	if got := runString([]string{"warc", "--wat"}, in); got.code != 0 || len(readWATFile(t, []byte(got.stdout))) != 3 {
		t.Errorf("by default: exit status %d, %q", got.code, got.stderr)
	}
}
