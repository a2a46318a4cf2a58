package main

import (
	"encoding/json"
	"strconv"

	"github.com/relink-go/relink/internal/webenc"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/weburl"
)

// jsonl is the state of --jsonl: the form for lists that may hold any
// string (NUL, newlines), one JSON object per line in and out, in order.
type jsonl struct {
	key     string                    // "uri" or "iri"
	charset string                    // --charset, for records without one
	convs   map[string]*iri.Converter // by charset label
	base    string                    // the last base parsed, and its forms
	baseURL *weburl.URL
	baseRef *iri.Reference
	baseErr error
}

func newJSONL(key, charset string) *jsonl {
	return &jsonl{key: key, charset: charset, convs: map[string]*iri.Converter{}}
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
	if err := json.Unmarshal(line, &rec); err != nil || rec.Input == nil {
		msg := "not a JSON object with an \"input\" string"
		if err != nil {
			msg = "invalid JSON: " + err.Error()
		}
		c.failed = true
		c.writeJSON(map[string]any{"line": lineno, "error": msg})
		return
	}
	in := *rec.Input
	if c.check {
		c.jsonCheck(in)
		return
	}
	out, err := c.jsonConvert(&rec)
	if err != nil {
		c.failed = true
		c.writeJSON(struct {
			Input string `json:"input"`
			Error string `json:"error"`
		}{in, reason(err)})
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
			enc, err := webenc.Get(*rec.Charset)
			if err != nil {
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
	case c.baseURL != nil:
		// The record's charset encodes the query while resolving.
		s, err = conv.ResolveURL(c.baseURL, s)
	default:
		s, err = c.resolve(s)
	}
	if err != nil {
		return "", err
	}
	return c.convert(conv, s)
}

// jsonResolve resolves in against base, keeping the last base parsed.
func (c *converter) jsonResolve(conv *iri.Converter, base, in string) (string, error) {
	j := c.jsonl
	if base != j.base || (j.baseURL == nil && j.baseRef == nil && j.baseErr == nil) {
		j.base, j.baseURL, j.baseRef, j.baseErr = base, nil, nil, nil
		if c.mode == iri.Web {
			j.baseURL, j.baseErr = conv.ParseURL(base, nil)
		} else if ref, err := c.mode.Parse(base); err != nil {
			j.baseErr = err
		} else if !ref.IsAbs() {
			j.baseErr = errorString("base " + strconv.Quote(base) + " is not absolute")
		} else {
			j.baseRef = ref
		}
	}
	switch {
	case j.baseErr != nil:
		return "", errorString("invalid base " + strconv.Quote(base) + ": " + reason(j.baseErr))
	case j.baseURL != nil:
		return conv.ResolveURL(j.baseURL, in)
	}
	ref, err := c.mode.Parse(in)
	if err != nil {
		return "", err
	}
	return j.baseRef.ResolveReference(ref).String(), nil
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
	b = append(b, '\n')
	if _, err := c.out.Write(b); err != nil {
		c.werr = err
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }
