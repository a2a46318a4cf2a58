package linkparquet

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// goldenDir holds the JSON lines of relink warc on the WARC files of
// the main module's testdata.
const goldenDir = "../../testdata/warc/golden"

// linkFiles are the files of link records the tests write: relink
// warc's golden lines and relink extract's (testdata/extract.jsonl).
var linkFiles = []string{
	goldenDir + "/example.warc.jsonl",
	goldenDir + "/ia-web-commons-link-extraction-test.warc.jsonl",
	goldenDir + "/jwarc-cc.warc.gz.jsonl",
	goldenDir + "/warcio-example-iana.org-chunked.warc.jsonl",
	goldenDir + "/aut-issue-514.warc.jsonl.gz",
	goldenDir + "/resiliparse-clueweb-quirk.warc.gz.jsonl.gz",
	goldenDir + "/resiliparse-warcfile.warc.gz.jsonl.gz",
	"testdata/extract.jsonl",
}

// readLines returns the lines of name, gunzipped if it ends in .gz,
// without their line feeds.
func readLines(t testing.TB, name string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(z); err != nil {
			t.Fatal(err)
		}
	}
	var lines [][]byte
	for l := range bytes.Lines(b) {
		lines = append(lines, bytes.TrimSuffix(l, []byte("\n")))
	}
	return lines
}

// fields decodes a JSON object into its fields, numbers as written.
func fields(t testing.TB, b []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return m
}

// write writes the records of lines as a Parquet file.
func write(t testing.TB, lines [][]byte, o Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, o)
	for i, l := range lines {
		var r Record
		if err := json.Unmarshal(l, &r); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if err := w.WriteRecord(&r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readRows reads the rows of a Parquet file with parquet-go's reader,
// and the number of rows of each row group.
func readRows(t testing.TB, file []byte) (rows []Record, groups []int64) {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range f.RowGroups() {
		groups = append(groups, g.NumRows())
	}
	r := parquet.NewGenericReader[Record](bytes.NewReader(file))
	defer r.Close()
	buf := make([]Record, 100)
	for {
		n, err := r.Read(buf)
		rows = append(rows, buf[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return rows, groups
}

// TestRowsEqualLines writes the link records of relink warc's golden
// lines and of relink extract, reads the Parquet file back with
// parquet-go's reader, and checks every row against its line: the same
// fields (absent ones absent, empty ones empty), the same values.
func TestRowsEqualLines(t *testing.T) {
	for _, name := range linkFiles {
		for _, o := range []Options{{}, {MaxRowGroupRows: 10}} {
			lines := readLines(t, name)
			rows, groups := readRows(t, write(t, lines, o))
			if len(rows) != len(lines) {
				t.Fatalf("%s: %d rows of %d lines", name, len(rows), len(lines))
			}
			for i := range rows {
				j, err := json.Marshal(&rows[i])
				if err != nil {
					t.Fatal(err)
				}
				if got, want := fields(t, j), fields(t, lines[i]); !reflect.DeepEqual(got, want) {
					t.Errorf("%s:%d: row\n%s\nline\n%s", name, i+1, j, lines[i])
				}
			}
			if o.MaxRowGroupRows == 10 && len(groups) != (len(lines)+9)/10 {
				t.Errorf("%s: %d row groups of at most 10 rows for %d rows", name, len(groups), len(lines))
			}
		}
	}
}

// TestSchema checks the columns: their names and order (those of the
// JSON lines), types, and which are optional.
func TestSchema(t *testing.T) {
	file := write(t, readLines(t, goldenDir+"/example.warc.jsonl"), Options{})
	f, err := parquet.OpenFile(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range f.Schema().Fields() {
		s := c.Name() + " " + c.Type().String()
		if c.Optional() {
			s += " optional"
		}
		got = append(got, s)
	}
	want := []string{
		"page STRING optional", "record_id STRING optional", "date STRING optional",
		"status INT(32,true) optional", "charset STRING optional", "charset_source STRING optional",
		"record_offset INT(64,true) optional", "file STRING optional",
		"tag STRING", "attr STRING", "role STRING optional",
		"value STRING", "href STRING", "uri STRING", "iri STRING",
		"start INT(64,true)", "end INT(64,true)", "line INT(64,true)", "column INT(64,true)",
		"rel STRING optional", "text STRING optional", "lazy BOOLEAN optional", "error STRING optional",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("columns\n%q\nwant\n%q", got, want)
	}
	for _, rg := range f.Metadata().RowGroups {
		for _, c := range rg.Columns {
			if c.MetaData.Codec.String() != "ZSTD" {
				t.Errorf("column %s compressed with %v, want ZSTD", c.MetaData.PathInSchema, c.MetaData.Codec)
			}
		}
	}
}

// TestRowGroupBound checks that the row groups keep to
// MaxRowGroupBytes and MaxRowGroupRows: no group goes past either
// (but a group of a single row larger than MaxRowGroupBytes), and each
// ends only where its next row would take it past one of them.
func TestRowGroupBound(t *testing.T) {
	lines := readLines(t, goldenDir+"/jwarc-cc.warc.gz.jsonl")
	for _, o := range []Options{
		{MaxRowGroupBytes: 2000},
		{MaxRowGroupBytes: 300}, // less than some rows
		{MaxRowGroupRows: 7},
		{MaxRowGroupRows: 7, MaxRowGroupBytes: 1500},
		{MaxRowGroupRows: 1},
	} {
		rows, groups := readRows(t, write(t, lines, o))
		maxRows, maxBytes := o.MaxRowGroupRows, o.MaxRowGroupBytes
		if maxRows == 0 {
			maxRows = DefaultMaxRowGroupRows
		}
		if maxBytes == 0 {
			maxBytes = DefaultMaxRowGroupBytes
		}
		if len(groups) < 2 {
			t.Errorf("%+v: %d row groups, the test wants more", o, len(groups))
		}
		next := 0
		for gi, n := range groups {
			var size int64
			for _, r := range rows[next : next+int(n)] {
				size += r.size()
			}
			if n > maxRows || size > maxBytes && n > 1 {
				t.Errorf("%+v: row group %d: %d rows, %d bytes", o, gi, n, size)
			}
			next += int(n)
			if next < len(rows) && n+1 <= maxRows && size+rows[next].size() <= maxBytes {
				t.Errorf("%+v: row group %d (%d rows, %d bytes) ends before a row of %d bytes that fits", o, gi, n, size, rows[next].size())
			}
		}
		if next != len(lines) {
			t.Errorf("%+v: %d rows in the row groups, %d lines", o, next, len(lines))
		}
	}
}

// TestNotLinkRecords checks that a line other than a link record is an
// error that says why, with the byte of a syntax error.
func TestNotLinkRecords(t *testing.T) {
	link := `"tag":"a","attr":"href","value":"x","href":"https://e.org/x","uri":"https://e.org/x","iri":"https://e.org/x","start":1,"end":2,"line":1,"column":2`
	page := `"page":"https://e.org/","record_id":"<urn:x>","date":"2024","charset":"utf-8","charset_source":"meta","record_offset":0`
	for _, c := range []struct {
		line string
		col  int
		want string
	}{
		{"", 0, "an empty line"},
		{"   ", 0, "an empty line"},
		{`{` + link, len(link) + 2, "the JSON object ends early"},
		{`{"tag":"a",}`, 12, "invalid character '}'"},
		{`[1,2]`, 1, `a JSON array, not an object`},
		{`"a link"`, 8, `a JSON string, not an object`},
		{`{` + link + `} {}`, 0, "more than one JSON value on the line"},
		{`{` + link + `,"size":3}`, 0, `unknown field "size"`},
		{`{` + page + `,"links":[]}`, 0, `field "links": a page record of relink warc --per-page`},
		{`{"tag":"a"}`, 0, "no attr, value, href, uri, iri, start, end, line, column field"},
		{`{` + link + `,"page":"https://e.org/"}`, 0, "no record_id, date, charset, charset_source, record_offset field"},
		{`{` + link + `,"status":200}`, 0, "no page, record_id, date, charset, charset_source, record_offset field"},
		{`{` + link + `,` + page + `,"status":0}`, 0, `field "status": 0 is not a status code`},
		{`{` + link + `,` + page + `,"status":4294967296}`, 0, `field "status": 4294967296 is not a status code`},
		{`{` + strings.Replace(link, `"start":1`, `"start":-1`, 1) + `}`, 0, `field "start": negative`},
		{`{` + strings.Replace(link, `"start":1`, `"start":1.5`, 1) + `}`, 0, `field "start": number 1.5 where an integer is wanted`},
		{`{` + strings.Replace(link, `"tag":"a"`, `"tag":1`, 1) + `}`, 0, `field "tag": number where a string is wanted`},
		{`{` + link + `,"lazy":"yes"}`, 0, `field "lazy": string where a boolean is wanted`},
		{`{"Container":{"Filename":"x.warc.gz"}}`, 0, `unknown field "Container"`},
	} {
		var r Record
		err := r.UnmarshalJSON([]byte(c.line))
		var re *RecordError
		if !errors.As(err, &re) {
			t.Errorf("%s: error %v, want a *RecordError", c.line, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "not a link record: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want %q", c.line, err, c.want)
		}
		if c.col != 0 && re.Col != c.col {
			t.Errorf("%s: column %d, want %d", c.line, re.Col, c.col)
		}
	}
	// The other lines of relink warc are not link records either.
	for _, name := range []string{"ia-web-commons-link-extraction-test.warc.per-page.jsonl", "jwarc-cc.warc.gz.wat.jsonl"} {
		for i, l := range readLines(t, filepath.Join(goldenDir, name)) {
			var r Record
			if err := r.UnmarshalJSON(l); err == nil {
				t.Errorf("%s:%d: taken as a link record", name, i+1)
			}
		}
	}
}

// TestWriteRecordCopies checks that the Writer keeps copies of a
// record's values, not its pointers: a caller reuses its Record.
func TestWriteRecordCopies(t *testing.T) {
	lines := readLines(t, goldenDir+"/example.warc.jsonl")
	var buf bytes.Buffer
	w := NewWriter(&buf, Options{})
	var r Record
	s := new(string)
	for _, l := range lines {
		if err := json.Unmarshal(l, &r); err != nil {
			t.Fatal(err)
		}
		*s = *r.Page
		r.Page = s // the same pointer for both rows, changed in between
		if err := w.WriteRecord(&r); err != nil {
			t.Fatal(err)
		}
	}
	*s = "changed"
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	rows, _ := readRows(t, buf.Bytes())
	for i, l := range lines {
		if got, want := *rows[i].Page, fields(t, l)["page"]; got != want {
			t.Errorf("row %d: page %q, want %q", i, got, want)
		}
	}
	if err := w.WriteRecord(&r); err == nil {
		t.Error("WriteRecord after Close: no error")
	}
	if w.Rows() != int64(len(lines)) || w.RowGroups() != 1 {
		t.Errorf("Rows %d, RowGroups %d; want %d, 1", w.Rows(), w.RowGroups(), len(lines))
	}
}

// FuzzUnmarshalJSON checks that a line taken as a link record gives a
// Record whose JSON is taken back as the same Record.
func FuzzUnmarshalJSON(f *testing.F) {
	for _, name := range linkFiles[:4] {
		for _, l := range readLines(f, name)[:2] {
			f.Add(l)
		}
	}
	f.Add([]byte(`{"tag":"","attr":"","value":"","href":"","uri":"","iri":"","start":0,"end":0,"line":0,"column":0,"lazy":false,"text":""}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var r Record
		if err := r.UnmarshalJSON(b); err != nil {
			var re *RecordError
			if !errors.As(err, &re) || re.Col < 0 || re.Col > len(b)+1 {
				t.Fatalf("%q: error %v", b, err)
			}
			return
		}
		j, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		var r2 Record
		if err := r2.UnmarshalJSON(j); err != nil {
			t.Fatalf("%q: its JSON %s: %v", b, j, err)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("%q: %s read back as another record", b, j)
		}
		var buf bytes.Buffer
		w := NewWriter(&buf, Options{})
		if err := w.WriteRecord(&r); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		rows, _ := readRows(t, buf.Bytes())
		if len(rows) != 1 || !reflect.DeepEqual(rows[0], r) {
			t.Fatalf("%q: read back from Parquet as %+v", b, rows)
		}
	})
}

// FuzzDecodeFast checks that decodeFast, when it reads a line, reads it
// as encoding/json does.
func FuzzDecodeFast(f *testing.F) {
	for _, name := range linkFiles {
		for _, l := range readLines(f, name)[:2] {
			f.Add(l)
		}
	}
	for _, s := range []string{
		`{}`, ` { "tag" : "a\u00e9\ud83d\ude00\n\"\\\/" , "start" : 12 , "lazy" : true } `,
		`{"tag":"\ud83d"}`, `{"tag":"\udc00\ud83d"}`, `{"start":01}`, `{"start":-1}`, `{"start":1e3}`,
		`{"start":9223372036854775807}`, `{"start":9223372036854775808}`, `{"tag":"a","tag":"b"}`,
		`{"TAG":"a"}`, `{"lazy":null}`, "{\"tag\":\"\xff\"}", "{\"tag\":\"\x01\"}", `{"tag":"a"} x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fast := unset
		if !decodeFast(b, &fast) {
			return
		}
		slow := unset
		if err := decodeJSON(b, &slow); err != nil {
			t.Fatalf("%q: decodeFast reads it, encoding/json: %v", b, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: decodeFast\n%+v\nencoding/json\n%+v", b, fast, slow)
		}
	})
}

// TestDecodeFastReadsRelinkLines checks that decodeFast reads the lines
// relink writes, which encoding/json is left only for the others.
func TestDecodeFastReadsRelinkLines(t *testing.T) {
	for _, name := range linkFiles {
		for i, l := range readLines(t, name) {
			j := unset
			if !decodeFast(l, &j) {
				t.Errorf("%s:%d: not read by decodeFast", name, i+1)
			}
		}
	}
}

// BenchmarkWrite reads relink warc's golden lines and writes them as
// Parquet, the work of relink-parquet; b.SetBytes counts the lines'
// bytes.
func BenchmarkWrite(b *testing.B) {
	var lines [][]byte
	var size int64
	for _, name := range linkFiles {
		for _, l := range readLines(b, name) {
			lines = append(lines, l)
			size += int64(len(l)) + 1
		}
	}
	b.SetBytes(size)
	var r Record
	for b.Loop() {
		w := NewWriter(io.Discard, Options{})
		for _, l := range lines {
			if err := r.UnmarshalJSON(l); err != nil {
				b.Fatal(err)
			}
			if err := w.WriteRecord(&r); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
