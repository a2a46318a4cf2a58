package main

import (
	"errors"
	"fmt"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/wat"
)

// watMode is the value of relink warc --wat: "" (no WAT output), watFile
// (--wat: a WAT file) or watJSONL (--wat=jsonl).
type watMode string

const (
	watFile  watMode = "file"
	watJSONL watMode = "jsonl"
)

func (m *watMode) String() string   { return string(*m) }
func (m *watMode) IsBoolFlag() bool { return true }

func (m *watMode) Set(v string) error {
	switch v {
	case "true", "file", "warc":
		*m = watFile
	case "jsonl":
		*m = watJSONL
	case "false", "":
		*m = ""
	default:
		return errors.New(`want --wat (a WAT file) or --wat=jsonl (JSON lines)`)
	}
	return nil
}

// A watCollector holds a page and its links for a WAT record, up to
// crawl.DefaultMaxRecordLinks of them, as crawl.Extractor.Record does.
type watCollector struct {
	rec  crawl.PageRecord
	held int64
}

func (c *watCollector) Page(p *crawl.Page) error { c.rec.Page = *p; return nil }

func (c *watCollector) Link(_ *crawl.Page, l *extract.Link) error {
	if c.rec.DroppedLinks > 0 {
		c.rec.DroppedLinks++
		return nil
	}
	j := crawl.NewLink(l)
	size := int64(crawl.LinkOverhead + len(j.Tag) + len(j.Attr) + len(j.Role) + len(j.Value) + len(j.Href) + len(j.URI) + len(j.IRI) +
		len(j.Rel) + len(j.Text) + len(j.Error))
	if c.held+size > crawl.DefaultMaxRecordLinks {
		c.rec.DroppedLinks++
		return nil
	}
	c.held += size
	c.rec.Links = append(c.rec.Links, j)
	return nil
}

// watRecord writes the WAT record of a page, for --wat: the page's
// record is read through a wat.Tee, which keeps what the record's JSON
// needs of its block.
func (w *warcRun) watRecord(rec *warc.Record) (bool, error) {
	if w.tee == nil {
		w.tee = wat.NewTee(rec.Block)
	} else {
		w.tee.Reset(rec.Block)
	}
	rec.Block = w.tee
	var c watCollector
	isPage, err := w.x.Extract(rec, &c)
	if !isPage {
		return false, err
	}
	if ferr := w.tee.Finish(); ferr != nil && err == nil {
		err = ferr
	}
	p := &c.rec
	p.File = w.file
	p.RecordLength = rec.Length()
	p.Compressed = rec.Compressed
	if m, ok := rec.GzipMember(); ok {
		p.GzipMember = &m
	}
	w.countLinks(p.Links)
	w.file1.links += p.DroppedLinks
	if p.DroppedLinks > 0 {
		w.fail(w.file, fmt.Errorf("offset %s: the page has more links than --wat holds (%v): its last %d links are left out",
			recordWhere(w.rec), byteSize(crawl.DefaultMaxRecordLinks), p.DroppedLinks))
	}
	full := len(p.Links)
	for {
		fr := wat.FromSource(p, wat.Source{Record: rec, Tee: w.tee})
		var merr error
		w.watBuf, merr = wat.AppendRecord(w.watBuf[:0], rec, &fr)
		if merr != nil {
			return true, merr
		}
		if w.maxOutput <= 0 || int64(len(w.watBuf)) <= w.maxOutput || len(p.Links) == 0 {
			break
		}
		p.Links = p.Links[:len(p.Links)/2]
	}
	if len(p.Links) < full {
		w.cut = true
	}
	if w.maxOutput > 0 && int64(len(w.watBuf)) > w.maxOutput {
		w.cut = true // not written, and reported
		return true, err
	}
	w.out.Flush()
	if w.out.err == nil {
		if _, werr := w.watOut.Write(w.watBuf); werr != nil {
			w.out.err = werr
		}
		w.out.n += int64(len(w.watBuf))
	}
	return true, err
}
