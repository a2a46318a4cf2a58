package crawl_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/warc"
)

// fixtures are the WARC files of testdata/warc.
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

// golden reads a golden file of relink warc (testdata/warc/golden).
func golden(t *testing.T, fixture, suffix string) []byte {
	t.Helper()
	name := filepath.Join("..", "testdata", "warc", "golden", filepath.Base(fixture)+suffix)
	b, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		b, err = os.ReadFile(name + ".gz")
		if err == nil {
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(b)); err == nil {
				b, err = io.ReadAll(zr)
			}
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRecordGolden checks that Record gives, for each fixture, the links
// of the golden output of relink warc, page by page and link by link.
func TestRecordGolden(t *testing.T) {
	for _, file := range fixtures(t) {
		var want []crawl.LinkRecord
		for line := range strings.Lines(string(golden(t, file, ".jsonl"))) {
			var l crawl.LinkRecord
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			want = append(want, l)
		}
		var got []crawl.LinkRecord
		for _, p := range pages(t, file) {
			for _, l := range p.Links {
				got = append(got, crawl.LinkRecord{Page: p.Page, File: "testdata/warc/" + filepath.Base(file), Link: l})
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d links, golden %d", file, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: link %d\n%+v\nwant\n%+v", file, i, got[i], want[i])
				break
			}
		}
	}
}

// TestSchema checks the records of every fixture, in both forms, against
// record.schema.json, and that the schema names the JSON fields of the Go
// types, no more and no fewer.
func TestSchema(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(crawl.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	v := validator{root: schema}
	n := 0
	for _, file := range fixtures(t) {
		for _, p := range pages(t, file) {
			b, _ := json.Marshal(p)
			check := func(b []byte) {
				var doc any
				if err := json.Unmarshal(b, &doc); err != nil {
					t.Fatal(err)
				}
				if err := v.validate(schema, doc, ""); err != nil {
					t.Errorf("%s: %s: %v", file, b, err)
				}
				n++
			}
			check(b)
			for _, l := range p.Links {
				b, _ := json.Marshal(crawl.LinkRecord{Page: p.Page, File: p.File, Link: l})
				check(b)
			}
		}
	}
	if n < 1000 {
		t.Errorf("%d records checked, want the fixtures' thousands", n)
	}

	defs := schema["$defs"].(map[string]any)
	for _, tt := range []struct {
		def string
		typ any
	}{{"linkRecord", crawl.LinkRecord{}}, {"pageRecord", crawl.PageRecord{}}, {"link", crawl.Link{}}} {
		props := defs[tt.def].(map[string]any)["properties"].(map[string]any)
		var inSchema []string
		for k := range props {
			inSchema = append(inSchema, k)
		}
		slices.Sort(inSchema)
		b, _ := json.Marshal(tt.typ)
		var m map[string]any
		json.Unmarshal(b, &m)
		all := jsonNames(reflect.TypeOf(tt.typ))
		slices.Sort(all)
		if !slices.Equal(inSchema, all) {
			t.Errorf("%s: schema properties %q, Go fields %q", tt.def, inSchema, all)
		}
		// The required properties are those without omitempty.
		var req []string
		for _, r := range defs[tt.def].(map[string]any)["required"].([]any) {
			req = append(req, r.(string))
		}
		slices.Sort(req)
		var always []string
		for k := range m {
			always = append(always, k)
		}
		slices.Sort(always)
		if !slices.Equal(req, always) {
			t.Errorf("%s: required %q, fields without omitempty %q", tt.def, req, always)
		}
	}

	// The validator rejects what it should.
	for _, bad := range []string{
		`{"page":"x"}`,
		`{"page":"x","record_id":"","date":"","charset":"","charset_source":"guess","record_offset":0,"links":[],"record_length":0}`,
		`{"page":"x","record_id":"","date":"","charset":"","charset_source":"","record_offset":-1,"links":[],"record_length":0}`,
		`{"page":"x","record_id":"","date":"","charset":"","charset_source":"","record_offset":0,"links":[{"tag":1}],"record_length":0}`,
		`{"page":"x","record_id":"","date":"","charset":"","charset_source":"","record_offset":0,"links":[],"record_length":0,"extra":1}`,
		`{"page":"x","record_id":"","date":"","charset":"","charset_source":"","record_offset":0,"links":[],"record_length":-1}`,
		`{"page":"x","record_id":"","date":"","charset":"","charset_source":"","record_offset":0,"links":[]}`,
	} {
		var doc any
		json.Unmarshal([]byte(bad), &doc)
		if v.validate(schema, doc, "") == nil {
			t.Errorf("%s: valid, want an error", bad)
		}
	}
}

// jsonNames returns the JSON names of the fields of struct type t,
// embedded structs flattened, but for the fields that JSON leaves out.
func jsonNames(t reflect.Type) []string {
	var names []string
	for f := range t.Fields() {
		if f.Anonymous {
			names = append(names, jsonNames(f.Type)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// validator checks a JSON document against the part of JSON Schema
// (draft 2020-12) that record.schema.json uses: $ref to #/$defs, oneOf,
// type, enum, minimum, properties, required, additionalProperties false,
// items.
type validator struct{ root map[string]any }

func (v validator) validate(s map[string]any, doc any, path string) error {
	for k := range s {
		switch k {
		case "$schema", "$id", "title", "description", "$defs", "$ref", "oneOf", "type", "enum", "minimum",
			"properties", "required", "additionalProperties", "items":
		default:
			return fmt.Errorf("%s: schema keyword %q not known to the test's validator", path, k)
		}
	}
	if ref, ok := s["$ref"].(string); ok {
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		def, _ := v.root["$defs"].(map[string]any)[name].(map[string]any)
		if !ok || def == nil {
			return fmt.Errorf("%s: bad $ref %q", path, ref)
		}
		if err := v.validate(def, doc, path); err != nil {
			return err
		}
	}
	if one, ok := s["oneOf"].([]any); ok {
		matched := 0
		var errs []error
		for _, sub := range one {
			if err := v.validate(sub.(map[string]any), doc, path); err != nil {
				errs = append(errs, err)
			} else {
				matched++
			}
		}
		if matched != 1 {
			return fmt.Errorf("%s: matches %d of oneOf: %v", path, matched, errors.Join(errs...))
		}
	}
	if typ, ok := s["type"].(string); ok {
		ok := false
		switch d := doc.(type) {
		case string:
			ok = typ == "string"
		case bool:
			ok = typ == "boolean"
		case float64:
			ok = typ == "number" || typ == "integer" && d == float64(int64(d))
		case map[string]any:
			ok = typ == "object"
		case []any:
			ok = typ == "array"
		}
		if !ok {
			return fmt.Errorf("%s: %v is not of type %s", path, doc, typ)
		}
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, doc) {
		return fmt.Errorf("%s: %v is not one of %v", path, doc, enum)
	}
	if min, ok := s["minimum"].(float64); ok {
		if d, _ := doc.(float64); d < min {
			return fmt.Errorf("%s: %v is less than %v", path, doc, min)
		}
	}
	obj, isObj := doc.(map[string]any)
	if props, ok := s["properties"].(map[string]any); ok && isObj {
		for k, val := range obj {
			sub, ok := props[k].(map[string]any)
			if !ok {
				if s["additionalProperties"] == false {
					return fmt.Errorf("%s: property %q not in the schema", path, k)
				}
				continue
			}
			if err := v.validate(sub, val, path+"/"+k); err != nil {
				return err
			}
		}
	}
	if req, ok := s["required"].([]any); ok && isObj {
		for _, k := range req {
			if _, ok := obj[k.(string)]; !ok {
				return fmt.Errorf("%s: property %q is missing", path, k)
			}
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		if arr, ok := doc.([]any); ok {
			for i, e := range arr {
				if err := v.validate(items, e, fmt.Sprintf("%s/%d", path, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// TestRecordLength checks that each page's byte range,
// [RecordOffset, RecordOffset+RecordLength), holds its record alone.
func TestRecordLength(t *testing.T) {
	n := 0
	for _, file := range fixtures(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages(t, file) {
			if p.RecordLength <= 0 {
				t.Errorf("%s: %s at offset %d: record_length %d", file, p.RecordID, p.RecordOffset, p.RecordLength)
				continue
			}
			r := warc.NewReader(bytes.NewReader(data[p.RecordOffset : p.RecordOffset+p.RecordLength]))
			rec, err := r.Next()
			if err != nil || rec.RecordID != p.RecordID {
				t.Errorf("%s: [%d, +%d) alone: %v, want %s", file, p.RecordOffset, p.RecordLength, err, p.RecordID)
				continue
			}
			if _, err := r.Next(); err != io.EOF {
				t.Errorf("%s: [%d, +%d) holds more than %s: %v", file, p.RecordOffset, p.RecordLength, p.RecordID, err)
			}
			n++
		}
	}
	if n < 50 {
		t.Errorf("%d pages checked, want the fixtures' 60", n)
	}
}

// TestMaxRecordLinks reads a page of many links with Record under bounds
// of its links: it holds the first links up to the bound, each counted as
// its strings and LinkOverhead, and counts the others in DroppedLinks;
// a negative bound holds them all. The default holds the page of a
// thousand links whole.
func TestMaxRecordLinks(t *testing.T) {
	const n = 1000
	var body strings.Builder
	body.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n")
	for i := range n {
		fmt.Fprintf(&body, "<a href=/%d>x</a>", i)
	}
	rec := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://x.example/\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", body.Len(), body.String())
	for _, tt := range []struct {
		max        int64
		kept, drop int
	}{
		{0, n, 0},
		{-1, n, 0},
		{1, 0, n},
		// /0 to /9: tag a, attr href, role hyperlink, raw 2, href, uri and
		// iri 21 each, text 1: 79 bytes and the overhead.
		{10 * (crawl.LinkOverhead + 79), 10, n - 10},
	} {
		x := crawl.NewExtractor(crawl.Options{MaxRecordLinks: tt.max})
		r := warc.NewReader(strings.NewReader(rec))
		wr, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		p, err := x.Record(wr, "f")
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Links) != tt.kept || p.DroppedLinks != tt.drop {
			t.Errorf("MaxRecordLinks %d: %d links, %d dropped; want %d and %d", tt.max, len(p.Links), p.DroppedLinks, tt.kept, tt.drop)
		}
		for i, l := range p.Links {
			if want := fmt.Sprintf("/%d", i); l.Value != want {
				t.Fatalf("MaxRecordLinks %d: link %d is %q, want %q", tt.max, i, l.Value, want)
			}
		}
	}
}
