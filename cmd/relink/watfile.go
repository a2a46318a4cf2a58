package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"

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

// watInfo is the warcinfo record that --wat writes at the head of each
// file's records, before the first of them.
type watInfo struct {
	outName  string // the base name of -o, "" without -o
	ext      string // the WAT file's compression, ".gz" or ".zst"
	software string // Software-Info
	file     string // the file whose records came last
	started  bool   // whether a record was written
}

// newWATInfo returns the watInfo of a run whose -o is outPath.
func newWATInfo(outPath string) watInfo {
	info := watInfo{ext: ".gz", software: versionLine(debug.ReadBuildInfo())}
	if compression(outPath) == "zstd" {
		info.ext = ".zst"
	}
	if outPath != "" {
		info.outName = filepath.Base(outPath)
	}
	return info
}

// watRecord writes the WAT record of a record, for --wat, and reports
// whether the record is a page: the record is read through a wat.Tee,
// which keeps what the record's JSON needs of its block. The first
// record of a file has the WAT file's warcinfo record before it.
func (w *warcRun) watRecord(rec *warc.Record) (bool, error) {
	if w.tee == nil {
		w.tee = wat.NewTee(rec.Block)
	} else {
		w.tee.Reset(rec.Block)
	}
	rec.Block = w.tee
	var c watCollector
	isPage, err := w.x.Extract(rec, &c)
	if ferr := w.tee.Finish(); ferr != nil {
		if !isPage {
			// A record cut short, or whose gzip data is corrupt: the
			// Reader's next Next reports it, and it has no WAT record.
			return false, err
		}
		if err == nil {
			err = ferr
		}
	}
	var p *crawl.PageRecord
	full := 0 // the page's links, before any cut
	if isPage {
		p = &c.rec
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
		full = len(p.Links)
	}
	for {
		fr := wat.FromSource(p, wat.Source{Record: rec, Tee: w.tee, File: w.file})
		var merr error
		w.watBuf, merr = wat.AppendRecord(w.watBuf[:0], rec, &fr)
		if merr != nil {
			return isPage, merr
		}
		if w.maxOutput <= 0 || int64(len(w.watBuf)) <= w.maxOutput || p == nil || len(p.Links) == 0 {
			break
		}
		p.Links = p.Links[:len(p.Links)/2]
	}
	if p != nil && len(p.Links) < full {
		w.cut = true
	}
	if w.maxOutput > 0 && int64(len(w.watBuf)) > w.maxOutput {
		w.cut = true // not written, and reported
		return isPage, err
	}
	w.out.Flush()
	if !w.watInfo.started || w.watInfo.file != w.file {
		w.watInfo.started, w.watInfo.file = true, w.file
		name := w.watInfo.outName
		if name == "" && w.file != "-" {
			name = wat.FileName(w.file, w.watInfo.ext)
		}
		w.putWAT(wat.AppendInfo(nil, wat.Info{Filename: name, Date: rec.Date, Software: w.watInfo.software, Input: w.file}))
	}
	w.putWAT(w.watBuf)
	return isPage, err
}

// putWAT writes a record of the WAT file, in a Write of its own (a gzip
// member or zstd frame).
func (w *warcRun) putWAT(b []byte) {
	if w.out.err == nil {
		if _, werr := w.watOut.Write(b); werr != nil {
			w.out.err = werr
		}
		w.out.n += int64(len(b))
	}
}
