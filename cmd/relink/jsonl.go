package main

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/relink-go/relink/charset"
	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/iri"
)

// jsonl is the state of --format jsonl: the form for lists that may hold any
// string (NUL, newlines), one JSON object per line in and out, in order.
type jsonl struct {
	key     string                       // "uri" or "iri"
	charset string                       // --charset, for records without one
	convs   map[string]*iri.Converter    // by charset label
	bases   map[*iri.Converter]*iri.Base // --base parsed by each converter
	base    string                       // the last record base parsed, and its form
	baseIn  *iri.Converter               // the converter that parsed it
	baseB   *iri.Base
	baseErr error
}

func newJSONL(key, charset string) *jsonl {
	return &jsonl{key: key, charset: charset, convs: map[string]*iri.Converter{}, bases: map[*iri.Converter]*iri.Base{}}
}

// jsonRecord is one input line of --jsonl. Base and Charset are optional;
// a null or absent base means the --base flag.
type jsonRecord struct {
	Input   *string `json:"input"`
	Base    *string `json:"base"`
	Charset *string `json:"charset"`
}

// jsonLine converts the record on line lineno and writes its result. A
// line that is not a record gets {"line": N, "error": ...}.
func (c *converter) jsonLine(line []byte, lineno int) {
	var rec jsonRecord
	err := json.Unmarshal(line, &rec)
	var te *json.UnmarshalTypeError
	if err != nil && !errors.As(err, &te) || err == nil && rec.Input == nil {
		msg := notARecord
		if err != nil {
			msg = "invalid JSON: " + err.Error()
		}
		c.failed = true
		c.writeJSON(map[string]any{"line": lineno, "error": msg})
		return
	}
	if err != nil {
		// Valid JSON, but not a record ("x", [1], {"input": 2}): say
		// what a record is rather than Go's type names.
		c.failed = true
		c.writeJSON(map[string]any{"line": lineno, "error": notARecord})
		return
	}
	c.jsonRecord(&rec)
}

// notARecord is the error of a line of --jsonl that is valid JSON but not
// a record.
const notARecord = "not a JSON object with an \"input\" string"

// jsonArg converts the argument in as the record {"input": in}: with
// --jsonl the output is JSON lines whether the inputs are arguments or
// lines of standard input.
func (c *converter) jsonArg(in string) {
	c.jsonRecord(&jsonRecord{Input: &in})
}

// jsonRecord converts the record rec and writes its result.
func (c *converter) jsonRecord(rec *jsonRecord) {
	in := *rec.Input
	if c.check {
		c.jsonCheck(in)
		return
	}
	out, err := c.jsonConvert(rec)
	if err != nil {
		c.failed = true
		c.writeJSON(struct {
			Input string `json:"input"`
			Error string `json:"error"`
		}{in, crawl.Reason(err)})
		return
	}
	c.writeJSON(map[string]string{"input": in, c.jsonl.key: out})
}

func (c *converter) jsonConvert(rec *jsonRecord) (string, error) {
	j := c.jsonl
	conv := c.conv
	if rec.Charset != nil && *rec.Charset != j.charset {
		conv = j.convs[*rec.Charset]
		if conv == nil {
			enc, _ := charset.Lookup(*rec.Charset)
			if enc == nil {
				return "", errorString("unknown charset " + strconv.Quote(*rec.Charset))
			}
			conv = iri.NewConverter(iri.WithMode(c.mode), iri.WithCharset(enc))
			j.convs[*rec.Charset] = conv
		}
	}
	s := *rec.Input
	var err error
	switch {
	case rec.Base != nil:
		s, err = c.jsonResolve(conv, *rec.Base, s)
	case c.base != nil:
		// The record's charset encodes the query while resolving.
		s, err = c.flagBase(conv).Resolve(s)
	}
	if err != nil {
		return "", err
	}
	return c.convert(conv, s)
}

// flagBase returns --base parsed by conv: a base is read in the charset
// of the record it resolves (its own query is encoded in it too).
func (c *converter) flagBase(conv *iri.Converter) *iri.Base {
	if conv == c.conv {
		return c.base
	}
	j := c.jsonl
	b := j.bases[conv]
	if b == nil {
		var err error
		if b, err = conv.ParseBase(c.baseArg); err != nil {
			// --base parsed in its own charset: it parses in any other.
			b = c.base
		}
		j.bases[conv] = b
	}
	return b
}

// jsonResolve resolves in against base, read in conv's charset, keeping
// the last base parsed.
func (c *converter) jsonResolve(conv *iri.Converter, base, in string) (string, error) {
	j := c.jsonl
	if base != j.base || conv != j.baseIn || (j.baseB == nil && j.baseErr == nil) {
		j.base, j.baseIn = base, conv
		j.baseB, j.baseErr = conv.ParseBase(base)
		if errors.Is(j.baseErr, iri.ErrNotAbsolute) {
			j.baseErr = errorString("base " + strconv.Quote(base) + " is not absolute")
		}
	}
	if j.baseErr != nil {
		return "", errorString("invalid base " + strconv.Quote(base) + ": " + crawl.Reason(j.baseErr))
	}
	return j.baseB.Resolve(in)
}

func (c *converter) writeJSON(v any) {
	if c.werr != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		c.werr = err
		return
	}
	b = append(jsonSafe(b), '\n')
	if _, err := c.out.Write(b); err != nil {
		c.werr = err
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }
