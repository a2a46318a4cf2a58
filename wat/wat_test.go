package wat_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/wat"
)

func TestWATExample(t *testing.T) {
	ps := pages(t, "../testdata/warc/example.warc")
	var got []string
	for _, p := range ps {
		b, err := json.Marshal(wat.FromPage(p))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(b))
	}
	want := []string{
		`{"Container":{"Filename":"../testdata/warc/example.warc","Compressed":false,"Offset":"0"},"Envelope":{"Format":"WARC","WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://example.org/","WARC-Date":"2024-05-06T07:08:09Z","WARC-Record-ID":"\u003curn:uuid:00000000-0000-4000-8000-000000000001\u003e"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"301"},"Headers":{"Location":"/ru/"},"HTML-Metadata":{"Links":[]}}}}}`,
		`{"Container":{"Filename":"../testdata/warc/example.warc","Compressed":false,"Offset":"312"},"Envelope":{"Format":"WARC","WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://example.org/ru/","WARC-Date":"2024-05-06T07:08:10Z","WARC-Record-ID":"\u003curn:uuid:00000000-0000-4000-8000-000000000002\u003e"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"поиск?q=Юникод","text":"Поиск"}]}}}}}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("WAT records\n%s\nwant\n%s", got, want)
	}
}

// TestWATReader reads the WAT records of every fixture as a WAT consumer
// does (cc-pyspark's host-graph job: generic JSON, by key), and checks
// that it finds every link of the HTML with its path and value.
func TestWATReader(t *testing.T) {
	n := 0
	for _, file := range fixtures(t) {
		for _, p := range pages(t, file) {
			b, _ := json.Marshal(wat.FromPage(p))
			var rec map[string]any
			if err := json.Unmarshal(b, &rec); err != nil {
				t.Fatal(err)
			}
			env := rec["Envelope"].(map[string]any)
			whm := env["WARC-Header-Metadata"].(map[string]any)
			if whm["WARC-Target-URI"] != p.URL {
				t.Errorf("%s: WARC-Target-URI %v, want %s", file, whm["WARC-Target-URI"], p.URL)
			}
			hrm := env["Payload-Metadata"].(map[string]any)["HTTP-Response-Metadata"].(map[string]any)
			var got []string
			for _, l := range hrm["HTML-Metadata"].(map[string]any)["Links"].([]any) {
				m := l.(map[string]any)
				got = append(got, m["path"].(string)+" "+m["url"].(string))
			}
			var want []string
			for _, l := range p.Links {
				switch l.Tag {
				case "http":
					if l.Attr == "location" {
						h, _ := hrm["Headers"].(map[string]any)
						if h["Location"] != l.Value {
							t.Errorf("%s: %s: Location %v, want %q", file, p.URL, h["Location"], l.Value)
						}
					}
				case "":
				default:
					want = append(want, map[string]string{"a": "A", "img": "IMG", "link": "LINK"}[l.Tag]+"@/"+l.Attr+" "+l.Value)
				}
			}
			// Only the tags named above are checked letter by letter;
			// the others are checked by count.
			if len(got) != len(want) {
				t.Errorf("%s: %s: %d WAT links, want %d", file, p.URL, len(got), len(want))
				continue
			}
			for i := range got {
				if want[i][0] != '@' && got[i] != want[i] {
					t.Errorf("%s: %s: link %d %q, want %q", file, p.URL, i, got[i], want[i])
				}
			}
			n += len(got)
		}
	}
	if n < 1000 {
		t.Errorf("%d WAT links, want the fixtures' thousands", n)
	}
}

// gzipMetadata computes the Gzip-Metadata of the gzip member at the start
// of data as a WAT writer does, apart from the Reader: compress/gzip reads
// the header (its length is what it consumes; it reads from an
// io.ByteReader without reading ahead) and inflates the data, and the
// CRC-32 and ISIZE are read from the 8-byte trailer where the inflater
// stops, the CRC as a signed 32-bit number (Java's int, as in Common
// Crawl's WAT files).
func gzipMetadata(t *testing.T, data []byte) *wat.GzipMetadata {
	t.Helper()
	r := bytes.NewReader(data)
	z, err := gzip.NewReader(r)
	if err != nil {
		t.Fatal(err)
	}
	z.Multistream(false)
	header := len(data) - r.Len()
	if _, err := io.Copy(io.Discard, z); err != nil {
		t.Fatal(err)
	}
	end := len(data) - r.Len()
	trailer := data[end-8 : end]
	return &wat.GzipMetadata{
		InflatedLength: strconv.Itoa(int(binary.LittleEndian.Uint32(trailer[4:]))),
		FooterLength:   "8",
		InflatedCRC:    strconv.Itoa(int(int32(binary.LittleEndian.Uint32(trailer)))),
		DeflateLength:  strconv.Itoa(end - header - 8),
		HeaderLength:   strconv.Itoa(header),
	}
}

// TestWATGzipMetadata checks the Container of the WAT record of every page
// of every fixture: in a gzipped file (one member per record), Compressed
// and the Gzip-Metadata of the page's member, as computed apart from the
// Reader, the lengths adding up to the record's; in an uncompressed file,
// "Compressed":false and no Gzip-Metadata, as WAT files have it.
func TestWATGzipMetadata(t *testing.T) {
	gzipped, negative := 0, 0
	for _, file := range fixtures(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		compressed := strings.HasSuffix(file, ".gz")
		for _, p := range pages(t, file) {
			c := wat.FromPage(p).Container
			if c.Compressed != compressed || c.Offset != strconv.FormatInt(p.RecordOffset, 10) {
				t.Errorf("%s: %s: Compressed %v, Offset %s; want %v, %d", file, p.URL, c.Compressed, c.Offset, compressed, p.RecordOffset)
			}
			b, _ := json.Marshal(c)
			if !compressed {
				if c.GzipMetadata != nil || strings.Contains(string(b), "Gzip-Metadata") || !strings.Contains(string(b), `"Compressed":false`) {
					t.Errorf("%s: %s: Container %s, want Compressed false and no Gzip-Metadata", file, p.URL, b)
				}
				continue
			}
			want := gzipMetadata(t, data[p.RecordOffset:])
			if c.GzipMetadata == nil || *c.GzipMetadata != *want {
				t.Errorf("%s: %s: Container %s, want Gzip-Metadata %+v", file, p.URL, b, want)
				continue
			}
			n := 0
			for _, v := range []string{want.HeaderLength, want.DeflateLength, want.FooterLength} {
				i, _ := strconv.Atoi(v)
				n += i
			}
			if int64(n) != p.RecordLength {
				t.Errorf("%s: %s: Gzip-Metadata %+v, record_length %d", file, p.URL, want, p.RecordLength)
			}
			gzipped++
			if strings.HasPrefix(want.InflatedCRC, "-") {
				negative++
			}
		}
	}
	// Half the CRCs are 2^31 or more: the signed form is tested.
	if gzipped < 40 || negative == 0 || negative == gzipped {
		t.Errorf("%d pages of gzipped fixtures, %d with a negative Inflated-CRC", gzipped, negative)
	}
}

// TestWATOneStream checks that the pages of a file gzipped as one stream,
// which have no gzip member of their own, are Compressed and have no
// Gzip-Metadata.
func TestWATOneStream(t *testing.T) {
	plain, err := os.ReadFile(filepath.Join("..", "testdata", "warc", "ia-web-commons-link-extraction-test.warc"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write(plain)
	z.Close()
	file := filepath.Join(t.TempDir(), "one-stream.warc.gz")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ps := pages(t, file)
	if len(ps) == 0 {
		t.Fatal("no pages")
	}
	for _, p := range ps {
		c := wat.FromPage(p).Container
		if !c.Compressed || c.GzipMetadata != nil || p.GzipMember != nil {
			t.Errorf("%s: Container %+v, GzipMember %v; want Compressed and no Gzip-Metadata", p.URL, c, p.GzipMember)
		}
	}
}

// TestWATContainer checks the JSON of a Container against a WAT file's
// (CC-MAIN-2019-22, the record at offset 479 of
// CC-MAIN-20190519061520-20190519083520-00000.warc.gz), and the signed
// form of a CRC-32 of 2^31 or more (a WAT record of CC-MAIN-2020-29).
func TestWATContainer(t *testing.T) {
	p := &crawl.PageRecord{File: "CC-MAIN-20190519061520-20190519083520-00000.warc.gz", Compressed: true,
		GzipMember: &warc.GzipMember{HeaderLength: 10, DeflateLength: 470, FooterLength: 8, InflatedLength: 740, CRC: 631744713}}
	p.RecordOffset = 479
	b, err := json.Marshal(wat.FromPage(p).Container)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Filename":"CC-MAIN-20190519061520-20190519083520-00000.warc.gz","Compressed":true,"Offset":"479","Gzip-Metadata":{"Inflated-Length":"740","Footer-Length":"8","Inflated-CRC":"631744713","Deflate-Length":"470","Header-Length":"10"}}`
	if string(b) != want {
		t.Errorf("Container\n%s\nwant\n%s", b, want)
	}
	p.GzipMember.CRC = 0xf230ea78
	if got := wat.FromPage(p).Container.GzipMetadata.InflatedCRC; got != "-231675272" {
		t.Errorf("Inflated-CRC of 0xf230ea78: %s, want -231675272", got)
	}
}

// fixtures returns the WARC files of testdata/warc.
func fixtures(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*.warc", "*.warc.gz"} {
		m, err := filepath.Glob(filepath.Join("..", "testdata", "warc", pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) < 5 {
		t.Fatalf("%d WARC fixtures, want the files of testdata/warc", len(files))
	}
	return files
}

// pages returns the page records of a WARC file.
func pages(t *testing.T, name string) []*crawl.PageRecord {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f)
	defer r.Close()
	x := crawl.NewExtractor(crawl.Options{})
	var out []*crawl.PageRecord
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		p, _ := x.Record(rec, name)
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}
