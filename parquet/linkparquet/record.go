// Package linkparquet writes relink's link records as Parquet rows, one
// row a line of relink warc (crawl.LinkRecord) or relink extract --format
// jsonl, one column a field.
//
// It is for the engines that query Parquet (Spark, DuckDB, Arrow,
// Athena), as Common Crawl's own columnar index is written; the command
// relink-parquet (parquet/cmd/relink-parquet) converts files of lines.
//
// # Columns
//
// The columns are the fields of the JSON lines, named and ordered as
// there (crawl/record.schema.json): page, record_id, date, status,
// charset, charset_source, record_offset, file, tag, attr, role, value,
// href, uri, iri, start, end, line, column, rel, text, lazy, error.
// Strings are BYTE_ARRAY columns of logical type STRING (UTF-8, as JSON
// strings are); record_offset, start, end, line and column are INT64,
// status INT32, lazy BOOLEAN. The fields every link record has (tag,
// attr, value, href, uri, iri, start, end, line, column) are required
// columns; the others are optional, null where the line does not have
// the field: the page's fields in a line of relink extract, status for
// a resource record, role, rel, text, lazy and error where they are
// empty. A field present with an empty value ("charset":"" of a
// redirect) is an empty string, not a null, so that a row gives back its
// line's fields exactly.
//
// # Row groups
//
// A Writer ends a row group at DefaultMaxRowGroupRows rows or
// DefaultMaxRowGroupBytes bytes of values (Options to change them), and
// holds no more than a row group, its pages compressed with zstd.
package linkparquet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
)

// A Record is a link record: a row of the Parquet file, a line of
// relink warc or relink extract --format jsonl. A nil field is a field
// the line does not have. Its json tags give the JSON form of relink's
// lines (json.Marshal of a Record is an object of the same fields as its
// line, in the same order); its parquet tags give the columns.
//
// The string columns of few distinct values (the page's fields, tag,
// attr, role, rel, error) are dictionary-encoded, the integers
// delta-encoded; value, href, uri, iri and text are written plain, their
// pages compressed.
type Record struct {
	Page          *string `json:"page,omitempty" parquet:"page,optional,dict"`
	RecordID      *string `json:"record_id,omitempty" parquet:"record_id,optional,dict"`
	Date          *string `json:"date,omitempty" parquet:"date,optional,dict"`
	Status        *int32  `json:"status,omitempty" parquet:"status,optional,dict"`
	Charset       *string `json:"charset,omitempty" parquet:"charset,optional,dict"`
	CharsetSource *string `json:"charset_source,omitempty" parquet:"charset_source,optional,dict"`
	RecordOffset  *int64  `json:"record_offset,omitempty" parquet:"record_offset,optional,dict"`
	File          *string `json:"file,omitempty" parquet:"file,optional,dict"`
	Tag           string  `json:"tag" parquet:"tag,dict"`
	Attr          string  `json:"attr" parquet:"attr,dict"`
	Role          *string `json:"role,omitempty" parquet:"role,optional,dict"`
	Value         string  `json:"value" parquet:"value"`
	Href          string  `json:"href" parquet:"href"`
	URI           string  `json:"uri" parquet:"uri"`
	IRI           string  `json:"iri" parquet:"iri"`
	Start         int64   `json:"start" parquet:"start,delta"`
	End           int64   `json:"end" parquet:"end,delta"`
	Line          int64   `json:"line" parquet:"line,delta"`
	Column        int64   `json:"column" parquet:"column,delta"`
	Rel           *string `json:"rel,omitempty" parquet:"rel,optional,dict"`
	Text          *string `json:"text,omitempty" parquet:"text,optional"`
	Lazy          *bool   `json:"lazy,omitempty" parquet:"lazy,optional"`
	Error         *string `json:"error,omitempty" parquet:"error,optional,dict"`
}

// absent is the value a string field of jsonRecord keeps when the line
// does not have the field: a string no JSON string decodes to, as
// encoding/json replaces invalid UTF-8 with U+FFFD.
const absent = "\xff"

// absentInt is the value an integer field of jsonRecord keeps when the
// line does not have it; a line that writes it is rejected as negative.
const absentInt = math.MinInt64

// jsonRecord is a line as decoded, each field at absent or absentInt
// unless the line has it.
type jsonRecord struct {
	Page          string `json:"page"`
	RecordID      string `json:"record_id"`
	Date          string `json:"date"`
	Status        int64  `json:"status"`
	Charset       string `json:"charset"`
	CharsetSource string `json:"charset_source"`
	RecordOffset  int64  `json:"record_offset"`
	File          string `json:"file"`
	Tag           string `json:"tag"`
	Attr          string `json:"attr"`
	Role          string `json:"role"`
	Value         string `json:"value"`
	Href          string `json:"href"`
	URI           string `json:"uri"`
	IRI           string `json:"iri"`
	Start         int64  `json:"start"`
	End           int64  `json:"end"`
	Line          int64  `json:"line"`
	Column        int64  `json:"column"`
	Rel           string `json:"rel"`
	Text          string `json:"text"`
	Lazy          *bool  `json:"lazy"`
	Error         string `json:"error"`
}

var unset = jsonRecord{
	Page: absent, RecordID: absent, Date: absent, Status: absentInt, Charset: absent,
	CharsetSource: absent, RecordOffset: absentInt, File: absent, Tag: absent, Attr: absent,
	Role: absent, Value: absent, Href: absent, URI: absent, IRI: absent, Start: absentInt,
	End: absentInt, Line: absentInt, Column: absentInt, Rel: absent, Text: absent, Error: absent,
}

// A RecordError says why a line is not a link record. Col is the byte
// of the line, from 1, where a JSON syntax error was found; 0 when the
// error is not tied to a byte (a missing field).
type RecordError struct {
	Col int
	Err error
}

func (e *RecordError) Error() string { return "not a link record: " + e.Err.Error() }

func (e *RecordError) Unwrap() error { return e.Err }

// UnmarshalJSON sets r to the link record of the JSON object b. It is
// strict, as a line of relink's is: every field is one of the columns,
// of its JSON type (a string, a non-negative integer, a boolean for
// lazy; a null is taken as the field absent); the fields of every link (tag, attr, value, href, uri,
// iri, start, end, line, column) are there, and the page's fields
// (page, record_id, date, charset, charset_source, record_offset) all
// or none, status only with them. Anything else, a page record of
// relink warc --per-page among them, is a *RecordError.
func (r *Record) UnmarshalJSON(b []byte) error {
	j := unset
	if !decodeFast(b, &j) {
		j = unset
		if err := decodeJSON(b, &j); err != nil {
			return err
		}
	}
	return r.set(&j)
}

// decodeJSON decodes the line b into j with encoding/json, which
// decodeFast leaves the lines to that it does not read.
func decodeJSON(b []byte, j *jsonRecord) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(j); err != nil {
		return recordError(b, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &RecordError{Col: int(dec.InputOffset()) + 1, Err: errors.New("more than one JSON value on the line")}
	}
	return nil
}

// recordError makes a *RecordError of an error of encoding/json on b.
func recordError(b []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &RecordError{Col: int(syn.Offset), Err: err}
	case errors.As(err, &typ):
		if typ.Field == "" {
			return &RecordError{Col: int(typ.Offset), Err: fmt.Errorf("a JSON %s, not an object", typ.Value)}
		}
		want := map[reflect.Kind]string{reflect.String: "a string", reflect.Int64: "an integer", reflect.Bool: "a boolean", reflect.Pointer: "a boolean"}[typ.Type.Kind()]
		return &RecordError{Col: int(typ.Offset), Err: fmt.Errorf("field %q: %s where %s is wanted", typ.Field, typ.Value, want)}
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		if len(bytes.TrimSpace(b)) == 0 {
			return &RecordError{Err: errors.New("an empty line")}
		}
		return &RecordError{Col: len(b) + 1, Err: errors.New("the JSON object ends early")}
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if f == `"links"` {
			return &RecordError{Err: errors.New(`field "links": a page record of relink warc --per-page`)}
		}
		return &RecordError{Err: fmt.Errorf("unknown field %s", f)}
	}
	return &RecordError{Err: err}
}

// set sets r from j, checking j as UnmarshalJSON says.
func (r *Record) set(j *jsonRecord) error {
	var missing []string
	need := func(name string, ok bool) {
		if !ok {
			missing = append(missing, name)
		}
	}
	need("tag", j.Tag != absent)
	need("attr", j.Attr != absent)
	need("value", j.Value != absent)
	need("href", j.Href != absent)
	need("uri", j.URI != absent)
	need("iri", j.IRI != absent)
	need("start", j.Start != absentInt)
	need("end", j.End != absentInt)
	need("line", j.Line != absentInt)
	need("column", j.Column != absentInt)
	page := [...]bool{j.Page != absent, j.RecordID != absent, j.Date != absent,
		j.Charset != absent, j.CharsetSource != absent, j.RecordOffset != absentInt}
	hasPage := page[0] || page[1] || page[2] || page[3] || page[4] || page[5] || j.Status != absentInt
	if hasPage {
		for i, name := range [...]string{"page", "record_id", "date", "charset", "charset_source", "record_offset"} {
			need(name, page[i])
		}
	}
	if len(missing) > 0 {
		return &RecordError{Err: fmt.Errorf("no %s field", strings.Join(missing, ", "))}
	}
	for _, f := range [...]struct {
		name string
		v    int64
	}{{"status", j.Status}, {"record_offset", j.RecordOffset}, {"start", j.Start}, {"end", j.End}, {"line", j.Line}, {"column", j.Column}} {
		if f.v < 0 && f.v != absentInt { // absentInt: status or record_offset absent
			return &RecordError{Err: fmt.Errorf("field %q: negative", f.name)}
		}
	}
	if j.Status != absentInt && (j.Status < 1 || j.Status > math.MaxInt32) {
		return &RecordError{Err: fmt.Errorf("field \"status\": %d is not a status code", j.Status)}
	}

	// The optional fields point into one block, allocated once.
	h := new(struct {
		s      [10]string
		status int32
		offset int64
		lazy   bool
	})
	opt := func(i int, s string) *string {
		if s == absent {
			return nil
		}
		h.s[i] = s
		return &h.s[i]
	}
	*r = Record{
		Page: opt(0, j.Page), RecordID: opt(1, j.RecordID), Date: opt(2, j.Date),
		Charset: opt(3, j.Charset), CharsetSource: opt(4, j.CharsetSource), File: opt(5, j.File),
		Tag: j.Tag, Attr: j.Attr, Role: opt(6, j.Role),
		Value: j.Value, Href: j.Href, URI: j.URI, IRI: j.IRI,
		Start: j.Start, End: j.End, Line: j.Line, Column: j.Column,
		Rel: opt(7, j.Rel), Text: opt(8, j.Text), Error: opt(9, j.Error),
	}
	if j.Status != absentInt {
		h.status = int32(j.Status)
		r.Status = &h.status
	}
	if j.RecordOffset != absentInt {
		h.offset = j.RecordOffset
		r.RecordOffset = &h.offset
	}
	if j.Lazy != nil {
		h.lazy = *j.Lazy
		r.Lazy = &h.lazy
	}
	return nil
}

// size is the number of bytes of r's values that MaxRowGroupBytes
// counts: the bytes of its strings, 8 for each integer, 1 for lazy.
func (r *Record) size() int64 {
	n := len(r.Tag) + len(r.Attr) + len(r.Value) + len(r.Href) + len(r.URI) + len(r.IRI) + 4*8
	for _, s := range [...]*string{r.Page, r.RecordID, r.Date, r.Charset, r.CharsetSource, r.File, r.Role, r.Rel, r.Text, r.Error} {
		if s != nil {
			n += len(*s)
		}
	}
	if r.Status != nil {
		n += 8
	}
	if r.RecordOffset != nil {
		n += 8
	}
	if r.Lazy != nil {
		n++
	}
	return int64(n)
}
