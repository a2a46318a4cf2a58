package unpack

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/transform"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/weburl"
)

// DefaultMaxIndexMemory is the Options.MaxIndexMemory of a zero Options:
// 64 MiB.
const DefaultMaxIndexMemory = 64 << 20

// MissingPage is the file, at the root of the local copy, that the
// links to what was not captured point to with Options.Missing: the URL
// follows in its fragment, and the page shows it. No host's directory can
// have its name, which begins with "@".
const MissingPage = "@missing.html"

// An Archive is one WARC file to unpack (a file, or one of the WARC files
// of a WACZ, whose warc.WACZArchive.Open is an Open). Unpack reads it
// twice, once to index its records and once to write their files: Open
// opens it anew each time.
type Archive struct {
	Name string // as reported in errors
	Open func() (io.ReadCloser, error)
}

// Options configure Unpack. The zero value takes the latest capture of
// each URL, leaves the links to what was not captured absolute, and
// keeps the limits of package warc.
type Options struct {
	// At, when not zero, takes of each URL the capture nearest to it (the
	// later of two as near), rather than the latest.
	At time.Time
	// Missing points the links to what was not captured (http and https
	// links) to MissingPage, which Unpack writes, rather than leaving
	// them absolute: no link of the copy then leads out of it.
	Missing bool
	// MaxPayloadSize bounds each record's payload, its HTTP codings
	// undone, as warc.Reader.MaxPayloadSize does: 0 for
	// warc.DefaultMaxPayloadSize, less than 0 for no limit. A larger
	// payload is reported, and its file not written.
	MaxPayloadSize int64
	// MaxIndexMemory bounds the memory that each stage of the index
	// holds (the captures of every URL, their paths, the order of
	// writing, the map from URL to path): past it, the stage is written
	// to temporary files in TempDir, sorted, and merged (or looked up in,
	// the map from URL to path, with one URL in 32 in memory). Two stages
	// are held at once at most, so the index takes up to about twice
	// MaxIndexMemory. 0 for DefaultMaxIndexMemory.
	MaxIndexMemory int64
	// TempDir is the directory of the temporary files: os.TempDir() when
	// empty. They are removed as soon as they are open (on Windows, when
	// closed), and closed when Unpack returns.
	TempDir string
	// List, when not nil, makes Unpack a dry run: it is called with the
	// path of each file (slash-separated, relative to dir) and the URL it
	// holds, in the order of the paths, and nothing is written.
	List func(path, url string)
	// Report, when not nil, is called with each problem that costs the
	// copy a file or a link, as a *RecordError: a record that cannot be
	// read, a payload too large, a file that cannot be written. Unpack
	// goes on with the next record.
	Report func(err error)
}

// A RecordError is a problem with one record of an archive.
type RecordError struct {
	Archive string // Archive.Name
	Offset  int64  // the record's, as warc.Record.Offset
	Where   string // "offset N" or "offset N+M", as warc.SyntaxError.Where
	URL     string // the record's URL, "" when unknown
	Err     error
}

func (e *RecordError) Error() string {
	s := e.Archive + ": " + e.Where
	if e.URL != "" {
		s += ": " + e.URL
	}
	return s + ": " + e.Err.Error()
}

func (e *RecordError) Unwrap() error { return e.Err }

// Stats counts what Unpack did.
type Stats struct {
	Records    int   // records read in the first pass
	Captures   int   // of them, responses, resources and revisits of http and https URLs
	URLs       int   // distinct URLs captured: the files of the copy
	Files      int   // files written (MissingPage included)
	Pages      int   // of them, HTML, CSS and Markdown documents, their links rewritten
	Redirects  int   // of them, redirect pages
	Links      int   // links found in the pages
	Local      int   // links made to point to a file of the copy
	Missing    int   // links to what was not captured (made to point to MissingPage with Options.Missing)
	Revisits   int   // revisits resolved to the payload of an earlier capture
	Unresolved int   // revisits whose payload was not found: left out
	Renamed    int   // files renamed so as not to collide with another
	Failed     int   // records reported to Options.Report
	Bytes      int64 // bytes of archive read in the first pass
	Written    int64 // bytes written
}

type unpacker struct {
	opts  Options
	root  *os.Root
	dirs  map[string]*os.Root // open, at most maxDirsOpen
	buf   []byte
	stats Stats
	index *pathIndex
}

// rootURL is the URL the copy's root has while its links are rewritten:
// each file's URL is rootURL and its path, and a link is written
// relative to the file's own URL, so that it never needs the root.
const rootURL = "file:///relink-unpack/"

// Unpack writes the captures of the archives to files under dir, one per
// URL, their links rewritten to point to one another; see the package
// documentation. It returns what it did, and an error that stopped it (a
// directory that cannot be made, an archive that cannot be opened, a
// temporary file that cannot be written); a problem with one record is
// reported to Options.Report, and the rest written.
func Unpack(dir string, archives []Archive, opts Options) (Stats, error) {
	if opts.MaxIndexMemory <= 0 {
		opts.MaxIndexMemory = DefaultMaxIndexMemory
	}
	if opts.MaxPayloadSize == 0 {
		opts.MaxPayloadSize = warc.DefaultMaxPayloadSize
	}
	u := &unpacker{opts: opts, dirs: map[string]*os.Root{}}
	// Pass 1: every capture, by URL and date.
	a, byDigest := u.newSorter(), u.newSorter()
	defer a.close()
	defer byDigest.close()
	for i, ar := range archives {
		if err := u.scan(i, ar, a, byDigest); err != nil {
			return u.stats, err
		}
	}
	if err := u.resolveByDigest(byDigest, a); err != nil {
		return u.stats, err
	}
	b := u.newSorter()
	defer b.close()
	if err := u.choose(a, b); err != nil {
		return u.stats, err
	}
	final, err := u.settle(b)
	if err != nil {
		return u.stats, err
	}
	defer final.close()
	byURL, order := u.newSorter(), u.newSorter()
	defer byURL.close()
	defer order.close()
	err = final.each(func(rec []byte) error {
		c, err := decodeCapture(rec)
		if err != nil {
			return err
		}
		u.stats.URLs++
		if opts.List != nil {
			opts.List(c.path, c.url)
			return nil
		}
		if err := byURL.add([]byte(c.url + "\x00" + c.path)); err != nil {
			return err
		}
		key := "d"
		if c.kind != kindRedirect {
			key = fmt.Sprintf("s%08x%016x%016x", c.srcArchive, c.srcOffset, c.srcDoff)
		}
		return order.add(c.encode(key + "\x01" + c.url))
	})
	if err != nil {
		return u.stats, err
	}
	if opts.List != nil {
		return u.stats, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return u.stats, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return u.stats, err
	}
	defer root.Close()
	u.root = root
	defer u.closeDirs()
	u.index, err = u.buildPathIndex(byURL)
	if err != nil {
		return u.stats, err
	}
	defer u.index.close()

	// Pass 2: the files, in the order of the archives.
	w := &writer{u: u, archives: archives}
	defer w.closeArchive()
	defer w.closeSpool()
	var pending *capture
	err = order.each(func(rec []byte) error {
		c, err := decodeCapture(rec)
		if err != nil {
			return err
		}
		if pending != nil {
			if err := w.write(pending, sameSource(pending, c)); err != nil {
				return err
			}
		}
		pending = c
		return nil
	})
	if err == nil && pending != nil {
		err = w.write(pending, false)
	}
	if err == nil && opts.Missing {
		err = u.writeFile(MissingPage, strings.NewReader(missingHTML))
		if err == nil {
			u.stats.Files++
		}
	}
	return u.stats, err
}

func (u *unpacker) newSorter() *sorter {
	return newSorter(u.opts.TempDir, u.opts.MaxIndexMemory)
}

func (u *unpacker) report(err error) {
	u.stats.Failed++
	if u.opts.Report != nil {
		u.opts.Report(err)
	}
}

func sameSource(a, b *capture) bool {
	return a.kind != kindRedirect && b.kind != kindRedirect &&
		a.srcArchive == b.srcArchive && a.srcOffset == b.srcOffset && a.srcDoff == b.srcDoff
}

func parseURL(s string) (*weburl.URL, error) {
	return weburl.Parse(s, nil)
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n *int64
}

func (c countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// scan adds the captures of archive i to a, keyed by URL, or, those
// with a WARC-Payload-Digest, to byDigest, keyed by digest, the captures
// before the revisits.
func (u *unpacker) scan(i int, ar Archive, a, byDigest *sorter) error {
	f, err := ar.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	r := warc.NewReader(countReader{f, &u.stats.Bytes})
	defer r.Close()
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return nil
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			u.report(&RecordError{Archive: ar.Name, Offset: se.Offset, Where: se.Where(), Err: errors.New(se.Reason)})
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", ar.Name, err)
		}
		u.stats.Records++
		c := u.capture(rec)
		if c == nil {
			continue
		}
		c.archive, c.srcArchive = i, i
		u.stats.Captures++
		if c.digest != "" {
			order := "0"
			if c.kind == kindRevisit {
				order = "1"
			}
			err = byDigest.add(c.encode(c.digest + "\x01" + order + c.date))
		} else {
			err = a.add(c.encode(c.url))
		}
		if err != nil {
			return err
		}
	}
}

// capture returns the capture that rec is, or nil for a record that
// gives no file.
func (u *unpacker) capture(rec *warc.Record) *capture {
	t := strings.ToLower(rec.Type)
	if t != "response" && t != "resource" && t != "revisit" {
		return nil
	}
	pu, err := weburl.Parse(strings.TrimSpace(rec.TargetURI), nil)
	if err != nil || pu.Scheme() != "http" && pu.Scheme() != "https" {
		return nil
	}
	c := &capture{
		url:    stripFragment(pu.String()),
		date:   dateKey(rec.Date),
		offset: rec.Offset, doff: rec.DecompressedOffset,
		srcOffset: rec.Offset, srcDoff: rec.DecompressedOffset,
		digest: clean(rec.Header.Get("WARC-Payload-Digest")),
	}
	if t == "revisit" {
		if r, err := weburl.Parse(strings.TrimSpace(rec.Header.Get("WARC-Refers-To-Target-URI")), nil); err == nil {
			c.refers = stripFragment(r.String())
		}
	}
	if t == "resource" {
		c.kind = kindResource
		c.contentType = clean(rec.ContentType)
		c.mediaType, _ = warc.Header{{Name: "Content-Type", Value: rec.ContentType}}.ContentType()
		if c.mediaType == "" {
			c.mediaType = sniff(rec, rec.Block)
		}
		return c
	}
	resp, err := rec.HTTPResponse()
	if err != nil {
		if t == "revisit" {
			c.kind = kindRevisit // a revisit without its HTTP header
			return c
		}
		return nil
	}
	c.status = resp.StatusCode
	c.contentType = clean(resp.Header.Get("Content-Type"))
	c.mediaType, _ = resp.ContentType()
	if c.mediaType == "" && t == "response" {
		c.mediaType = sniff(rec, resp.Body)
	}
	switch {
	case t == "revisit" || resp.StatusCode == 304:
		c.kind = kindRevisit
	case resp.StatusCode >= 300 && resp.StatusCode < 400 && resp.Header.Get("Location") != "":
		c.kind = kindRedirect
		loc, err := weburl.Parse(strings.TrimSpace(resp.Header.Get("Location")), pu)
		if err != nil {
			return nil
		}
		c.location = loc.String()
	default:
		c.kind = kindResponse
	}
	return c
}

// sniff returns the media type of a payload that has no Content-Type:
// WARC-Identified-Payload-Type's, or text/html when its first bytes are
// HTML's (as extract.TypeOf finds them, and as relink warc takes a page
// without a type), else "".
func sniff(rec *warc.Record, body io.Reader) string {
	if ipt := rec.Header.Get("WARC-Identified-Payload-Type"); ipt != "" {
		if mt, _ := (warc.Header{{Name: "Content-Type", Value: ipt}}).ContentType(); mt != "" {
			return mt
		}
	}
	var head [1024]byte
	n, _ := io.ReadFull(body, head[:])
	if n > 0 && extract.TypeOf("", head[:n]) == extract.TypeHTML {
		return "text/html"
	}
	return ""
}

func stripFragment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return s[:i]
	}
	return s
}

// writeFile writes the file p of the copy from r, atomically: to a
// temporary file in its directory, renamed to p once complete. Its
// directories are made as needed; os.Root keeps every step inside the
// copy, whatever symbolic links it holds.
func (u *unpacker) writeFile(p string, r io.Reader) error {
	dir, name := path.Split(p)
	d, err := u.dir(path.Clean(dir))
	if err != nil {
		return err
	}
	var rnd [8]byte
	rand.Read(rnd[:])
	tmp := ".relink-tmp-" + hex.EncodeToString(rnd[:])
	f, err := d.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if u.buf == nil {
		u.buf = make([]byte, 64<<10)
	}
	n, err := copyFull(f, r, u.buf)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = d.Rename(tmp, name)
	}
	if err != nil {
		d.Remove(tmp)
		return err
	}
	u.stats.Written += n
	return nil
}

// copyFull copies r to w in writes of len(buf) bytes (but the last): a
// rewriter's reader gives a few KiB at a time, and a write each would
// cost a system call each.
func copyFull(w io.Writer, r io.Reader, buf []byte) (int64, error) {
	var total int64
	for {
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return total, werr
			}
			total += int64(n)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// maxDirsOpen bounds the directories of the copy that Unpack holds open,
// so as not to walk the path of each from the root again (os.Root opens
// each of its components) for each file.
const maxDirsOpen = 64

// dir returns the directory dir of the copy, made if need be, opened as
// an os.Root inside the copy's.
func (u *unpacker) dir(dir string) (*os.Root, error) {
	if d := u.dirs[dir]; d != nil {
		return d, nil
	}
	if err := u.root.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	d, err := u.root.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	if len(u.dirs) >= maxDirsOpen {
		u.closeDirs()
	}
	u.dirs[dir] = d
	return d, nil
}

func (u *unpacker) closeDirs() {
	for k, d := range u.dirs {
		d.Close()
		delete(u.dirs, k)
	}
}

// A writer writes the files of pass 2, reading the archives in order.
type writer struct {
	u        *unpacker
	archives []Archive
	cur      int // the archive open, -1 for none
	f        io.ReadCloser
	r        *warc.Reader
	rec      *warc.Record // the record read last
	eof      bool

	// The payload of the record that several files share, with the
	// media type and Content-Type of its capture.
	spool    *tempFile
	spoolSrc [3]int64
	spoolOK  bool
	spoolErr error // why the payload of spoolSrc could not be read
}

func (w *writer) closeArchive() {
	if w.r != nil {
		w.r.Close()
		w.f.Close()
	}
	w.r, w.f, w.rec, w.eof = nil, nil, nil, false
}

func (w *writer) closeSpool() {
	if w.spool != nil {
		w.spool.Close()
		w.spool = nil
	}
	w.spoolOK = false
}

// write writes the file of c; shared says that the capture after c has
// the same payload.
func (w *writer) write(c *capture, shared bool) error {
	u := w.u
	if c.kind == kindRedirect {
		page := "<!DOCTYPE html>\n<meta charset=\"utf-8\">\n<title>Redirect</title>\n<meta http-equiv=\"refresh\" content=\"0; url=" +
			html.EscapeString(c.location) + "\">\n<p>This page (" + html.EscapeString(c.url) + ") redirects to <a href=\"" +
			html.EscapeString(c.location) + "\">" + html.EscapeString(c.location) + "</a>.</p>\n"
		c.mediaType, c.contentType = "text/html", "text/html; charset=utf-8"
		files := u.stats.Files
		if err := w.output(c, strings.NewReader(page)); err != nil {
			return err
		}
		if u.stats.Files > files {
			u.stats.Redirects++
		}
		return nil
	}
	src := [3]int64{int64(c.srcArchive), c.srcOffset, c.srcDoff}
	if w.spoolErr != nil && w.spoolSrc == src {
		// The payload these captures share could not be read: each
		// is reported.
		u.report(&RecordError{Archive: w.archives[c.srcArchive].Name, Offset: c.srcOffset, Where: where(c.srcOffset, c.srcDoff), URL: c.url, Err: w.spoolErr})
		return nil
	}
	if w.spoolOK && w.spoolSrc == src {
		if _, err := w.spool.Seek(0, io.SeekStart); err != nil {
			return err
		}
		return w.output(c, w.spool)
	}
	w.spoolOK, w.spoolErr = false, nil
	body, rec, err := w.payload(c)
	if err != nil {
		return err
	}
	if body == nil {
		return nil // reported
	}
	if shared {
		if w.spool == nil {
			f, err := createTemp(w.u.opts.TempDir, "relink-unpack-spool-*")
			if err != nil {
				return err
			}
			w.spool = f
		}
		if _, err := w.spool.Seek(0, io.SeekStart); err != nil {
			return err
		}
		if err := w.spool.Truncate(0); err != nil {
			return err
		}
		if _, err := io.Copy(w.spool, body); err != nil {
			u.report(&RecordError{Archive: w.archives[c.srcArchive].Name, Offset: rec.Offset, Where: where(rec.Offset, rec.DecompressedOffset), URL: c.url, Err: err})
			w.spoolSrc, w.spoolErr = src, err
			return nil
		}
		if _, err := w.spool.Seek(0, io.SeekStart); err != nil {
			return err
		}
		w.spoolSrc, w.spoolOK = src, true
		body = w.spool
	}
	return w.output(c, body)
}

func where(off, doff int64) string {
	if doff != 0 {
		return "offset " + strconv.FormatInt(off, 10) + "+" + strconv.FormatInt(doff, 10)
	}
	return "offset " + strconv.FormatInt(off, 10)
}

// payload finds the record of c's payload in its archive and returns
// its payload; nil, nil when the record is not found or has none
// (reported).
func (w *writer) payload(c *capture) (io.Reader, *warc.Record, error) {
	u := w.u
	name := w.archives[c.srcArchive].Name
	if w.r == nil || w.cur != c.srcArchive {
		w.closeArchive()
		f, err := w.archives[c.srcArchive].Open()
		if err != nil {
			return nil, nil, err
		}
		w.cur, w.f = c.srcArchive, f
		w.r = warc.NewReader(f)
		w.r.MaxPayloadSize = u.opts.MaxPayloadSize
	}
	for {
		if w.rec != nil && (w.rec.Offset > c.srcOffset || w.rec.Offset == c.srcOffset && w.rec.DecompressedOffset >= c.srcDoff) {
			break
		}
		if w.eof {
			break
		}
		rec, err := w.r.Next()
		if err == io.EOF {
			w.eof = true
			break
		}
		var se *warc.SyntaxError
		if errors.As(err, &se) {
			continue // reported in pass 1
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		w.rec = rec
	}
	if w.rec == nil || w.rec.Offset != c.srcOffset || w.rec.DecompressedOffset != c.srcDoff {
		u.report(&RecordError{Archive: name, Offset: c.srcOffset, Where: where(c.srcOffset, c.srcDoff), URL: c.url, Err: errors.New("the record is no longer where the first pass found it")})
		return nil, nil, nil
	}
	rec := w.rec
	w.rec = nil // its block is read once; a later capture of it is spooled
	if strings.EqualFold(rec.Type, "resource") {
		return limitPayload(rec.Block, u.opts.MaxPayloadSize, name, rec), rec, nil
	}
	resp, err := rec.HTTPResponse()
	if err != nil {
		u.report(&RecordError{Archive: name, Offset: rec.Offset, Where: where(rec.Offset, rec.DecompressedOffset), URL: c.url, Err: err})
		return nil, nil, nil
	}
	return resp.Body, rec, nil
}

// limitPayload bounds the block of a resource record as a response's
// payload is bounded.
func limitPayload(r io.Reader, max int64, name string, rec *warc.Record) io.Reader {
	if max < 0 {
		return r
	}
	return &limitedReader{r: r, n: max, err: &warc.PayloadSizeError{Limit: max, Offset: rec.Offset, DecompressedOffset: rec.DecompressedOffset, TargetURI: rec.TargetURI}}
}

type limitedReader struct {
	r   io.Reader
	n   int64
	err error
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		var b [1]byte
		if n, _ := l.r.Read(b[:]); n > 0 {
			return 0, l.err
		}
		return l.r.Read(p)
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// output writes the file of c from its payload body, its links
// rewritten when it is a document.
func (w *writer) output(c *capture, body io.Reader) error {
	u := w.u
	var rw rewrite.Rewriter
	switch c.mediaType {
	case "text/html", "application/xhtml+xml":
		rw = rewrite.NewHTML(u.rewriteOptions(c))
	case "text/css":
		rw = rewrite.NewCSS(u.rewriteOptions(c))
	case "text/markdown", "text/x-markdown":
		rw = rewrite.NewMarkdown(u.rewriteOptions(c))
	}
	r := body
	if rw != nil {
		r = transform.NewReader(body, rw)
	}
	if err := u.writeFile(c.path, r); err != nil {
		var re *RecordError
		if errors.As(err, &re) {
			return err
		}
		var pe *warc.PayloadSizeError
		var de *warc.DecodeError
		if errors.As(err, &pe) || errors.As(err, &de) || errors.Is(err, io.ErrUnexpectedEOF) {
			u.report(&RecordError{Archive: w.archives[c.srcArchive].Name, Offset: c.srcOffset, Where: where(c.srcOffset, c.srcDoff), URL: c.url, Err: err})
			return nil
		}
		u.report(&RecordError{Archive: w.archives[c.srcArchive].Name, Offset: c.srcOffset, Where: where(c.srcOffset, c.srcDoff), URL: c.url, Err: fmt.Errorf("writing %s: %w", c.path, err)})
		return nil
	}
	u.stats.Files++
	if rw != nil && c.kind != kindRedirect {
		u.stats.Pages++
		u.stats.Links += rw.Stats().Links
	}
	return nil
}

// rewriteOptions returns the options of the rewriter of c's document:
// each link to a captured URL is made to point to its file, relative to
// c's own file.
func (u *unpacker) rewriteOptions(c *capture) rewrite.Options {
	self := weburl.FileURL(rootURL, c.path)
	o := rewrite.Options{Resolve: rewrite.ResolveRelative}
	o.BaseURL = c.url
	o.Charset = c.contentType
	o.Map = func(l *extract.Link, href string) (string, bool) {
		h, frag, hasFrag := strings.Cut(href, "#")
		if hasFrag {
			frag = "#" + frag
		}
		if l == nil || l.Tag == "base" && l.Attr == "href" {
			// A base: the document's own URL, or its <base href>,
			// which moves where its URL's file would be.
			if h == c.url {
				return self + frag, true
			}
			if p, ok := u.lookupLocal(h); ok {
				return weburl.FileURL(rootURL, p) + frag, true
			}
			pu, err := weburl.Parse(h, nil)
			if err != nil || FilePath(pu, "") == "" {
				return "", false
			}
			return weburl.FileURL(rootURL, FilePath(pu, "")) + frag, true
		}
		if p, ok := u.lookupLocal(h); ok {
			u.stats.Local++
			return weburl.FileURL(rootURL, p) + frag, true
		}
		if !strings.HasPrefix(h, "http://") && !strings.HasPrefix(h, "https://") {
			return "", false
		}
		u.stats.Missing++
		if u.opts.Missing {
			return weburl.FileURL(rootURL, MissingPage) + "#" + strings.ReplaceAll(href, "#", "%23"), true
		}
		return "", false
	}
	return o
}

// lookupLocal returns the file of url: of url itself, or else of the
// same URL in the other of http and https, or else, for a URL without a
// query that names a directory (".../") or its index page
// (".../index.html", ".../index.htm"), of the other, as a web server
// serves them.
func (u *unpacker) lookupLocal(url string) (string, bool) {
	if p, ok := u.lookupScheme(url); ok {
		return p, true
	}
	if strings.Contains(url, "?") {
		return "", false
	}
	if strings.HasSuffix(url, "/") {
		for _, index := range []string{"index.html", "index.htm"} {
			if p, ok := u.lookupScheme(url + index); ok {
				return p, true
			}
		}
		return "", false
	}
	for _, index := range []string{"/index.html", "/index.htm"} {
		if dir, ok := strings.CutSuffix(url, index); ok {
			return u.lookupScheme(dir + "/")
		}
	}
	return "", false
}

// lookupScheme returns the file of url, or of the same URL in the other
// of http and https.
func (u *unpacker) lookupScheme(url string) (string, bool) {
	if p, ok := u.index.lookup(url); ok {
		return p, true
	}
	if s, ok := strings.CutPrefix(url, "http://"); ok {
		return u.index.lookup("https://" + s)
	}
	if s, ok := strings.CutPrefix(url, "https://"); ok {
		return u.index.lookup("http://" + s)
	}
	return "", false
}

const missingHTML = `<!DOCTYPE html>
<meta charset="utf-8">
<title>Not archived</title>
<h1>Not archived</h1>
<p>The archive holds no capture of <a id="url"></a>.</p>
<script>
var u = decodeURIComponent(location.hash.slice(1)), a = document.getElementById("url");
a.textContent = u;
if (/^https?:/i.test(u)) a.href = u;
</script>
`
