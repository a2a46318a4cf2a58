// Package warcgen writes web archives of a directory of files, as if a
// crawler had fetched them from a web server: the archives that relink
// unpack's tests and its browser check read. Each file is a response
// record (one gzip member per record) of the URL base/path, with a
// Content-Type from its extension; the HTML and CSS are sent with
// "Content-Encoding: gzip" and "Transfer-Encoding: chunked" every other
// file, a revisit record follows each HTML page, dated later, and each
// directory that has an index.html gets a redirect from its URL without
// the final "/", so that the archive has what crawls have.
package warcgen

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
)

// types are the Content-Types of the files, by extension.
var types = map[string]string{
	".html": "text/html; charset=utf-8", ".htm": "text/html", ".xhtml": "application/xhtml+xml",
	".css": "text/css", ".js": "application/javascript", ".json": "application/json",
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
	".svg": "image/svg+xml", ".ico": "image/x-icon", ".webp": "image/webp",
	".woff": "font/woff", ".woff2": "font/woff2", ".ttf": "font/ttf", ".txt": "text/plain",
	".md": "text/markdown", ".pdf": "application/pdf", ".xml": "application/xml",
}

// Stats counts what FromDir wrote.
type Stats struct {
	Responses, Revisits, Redirects int
	Made                           int // responses of files made up for the subresources the pages lack
}

// Options say what FromDir writes besides the files.
type Options struct {
	// MakeMissing adds, for each subresource that the pages load
	// (style sheets, scripts, images: the links of role resource) from
	// under base and that the directory lacks, a small file of its type
	// made up: a style sheet whose url() loads an image made up too, a
	// script, a 1x1 image. A corpus of HTML alone then makes an archive
	// whose pages load what they name, as a crawl's do.
	MakeMissing bool
}

// FromDir writes to w the archive of the files under dir served at base
// (an http or https URL ending in "/"), dated from start, one second
// apart. Files whose extension types does not know are left out.
func FromDir(w io.Writer, dir, base string, start time.Time, opts Options) (Stats, error) {
	var st Stats
	have, wanted := map[string]bool{}, map[string]bool{}
	t := start
	next := func() string { t = t.Add(time.Second); return t.UTC().Format(time.RFC3339) }
	n, ids := 0, 0
	nextID := func() int { ids++; return ids }
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." {
				if _, err := os.Stat(filepath.Join(p, "index.html")); err == nil {
					u := base + escapePath(rel)
					st.Redirects++
					return record(w, nextID(), "response", u, next(), "", response(301, "Location: "+u+"/\r\n", nil), "")
				}
			}
			return nil
		}
		ct, ok := types[strings.ToLower(path.Ext(rel))]
		if !ok || !d.Type().IsRegular() {
			return nil
		}
		body, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		u := base + escapePath(rel)
		if path.Base(rel) == "index.html" {
			u = strings.TrimSuffix(u, "index.html")
		}
		n++
		header := "Content-Type: " + ct + "\r\n"
		payload := body
		text := strings.HasPrefix(ct, "text/html") || ct == "text/css"
		if text && n%2 == 0 {
			var z bytes.Buffer
			zw := gzip.NewWriter(&z)
			zw.Write(body)
			zw.Close()
			header += "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n"
			payload = chunked(z.Bytes())
		} else {
			header += fmt.Sprintf("Content-Length: %d\r\n", len(body))
		}
		have[u] = true
		if opts.MakeMissing && strings.HasPrefix(ct, "text/html") {
			resources(body, u, base, wanted)
		}
		digest := "sha1:" + base32.StdEncoding.EncodeToString(sha1Sum(body))
		st.Responses++
		if err := record(w, nextID(), "response", u, next(), digest, response(200, header, payload), ""); err != nil {
			return err
		}
		if strings.HasPrefix(ct, "text/html") {
			st.Revisits++
			return record(w, nextID(), "revisit", u, next(), digest, response(200, "Content-Type: "+ct+"\r\n", nil), "WARC-Profile: http://netpreserve.org/warc/1.1/revisit/identical-payload-digest\r\n")
		}
		return nil
	})
	if err != nil || !opts.MakeMissing {
		return st, err
	}
	var urls []string
	for u := range wanted {
		if !have[u] {
			urls = append(urls, u)
		}
	}
	sort.Strings(urls)
	for _, u := range urls {
		body, ct := made(u)
		if body == nil {
			continue
		}
		if ct == "text/css" {
			for _, img := range []string{"made-up-background.png"} {
				noQuery, _, _ := strings.Cut(u, "?")
				if iu := noQuery[:strings.LastIndexByte(noQuery, '/')+1] + img; !have[iu] {
					have[iu] = true
					b, ct := made(iu)
					st.Made++
					if err := record(w, nextID(), "response", iu, next(), "", response(200, "Content-Type: "+ct+"\r\n", b), ""); err != nil {
						return st, err
					}
				}
			}
		}
		st.Made++
		header := fmt.Sprintf("Content-Type: %s\r\nContent-Length: %d\r\n", ct, len(body))
		if err := record(w, nextID(), "response", u, next(), "", response(200, header, body), ""); err != nil {
			return st, err
		}
	}
	return st, nil
}

// resources adds to wanted the URLs under base of the subresources of
// the page body at u.
func resources(body []byte, u, base string, wanted map[string]bool) {
	x := extract.NewHTML(extract.Options{BaseURL: u}, func(l *extract.Link) error {
		if l.Role == htmlattr.RoleResource && strings.HasPrefix(l.Href, base) {
			h, _, _ := strings.Cut(l.Href, "#")
			wanted[h] = true
		}
		return nil
	})
	x.ReadFrom(bytes.NewReader(body))
}

// A 1x1 PNG and GIF.
var png1, gif1 = func() ([]byte, []byte) {
	img := image.NewPaletted(image.Rect(0, 0, 1, 1), color.Palette{color.Transparent, color.Black})
	var p, g bytes.Buffer
	png.Encode(&p, img)
	gif.Encode(&g, img, nil)
	return p.Bytes(), g.Bytes()
}()

// made returns a small file for the URL u, by its extension, and its
// Content-Type; nil for an extension it does not make.
func made(u string) ([]byte, string) {
	p, _, _ := strings.Cut(u, "?")
	switch strings.ToLower(path.Ext(p)) {
	case ".css":
		return []byte("/* made up by warcgen */\nbody { background: url(made-up-background.png) no-repeat; }\n"), "text/css"
	case ".js":
		return []byte("/* made up by warcgen */\ndocument.documentElement.setAttribute('data-warcgen', '1');\n"), "application/javascript"
	case ".png":
		return png1, "image/png"
	case ".gif":
		return gif1, "image/gif"
	case ".svg":
		return []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`), "image/svg+xml"
	case ".ico":
		return png1, "image/png"
	}
	return nil, ""
}

func sha1Sum(b []byte) []byte {
	s := sha1.Sum(b)
	return s[:]
}

// escapePath percent-encodes each segment of a slash path for a URL.
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

func response(status int, header string, body []byte) []byte {
	reason := map[int]string{200: "OK", 301: "Moved Permanently"}[status]
	return append([]byte(fmt.Sprintf("HTTP/1.1 %d %s\r\n%s\r\n", status, reason, header)), body...)
}

// chunked writes b in the chunked transfer coding, in chunks of 1000 bytes.
func chunked(b []byte) []byte {
	var out bytes.Buffer
	for len(b) > 0 {
		n := min(len(b), 1000)
		fmt.Fprintf(&out, "%x\r\n", n)
		out.Write(b[:n])
		out.WriteString("\r\n")
		b = b[n:]
	}
	out.WriteString("0\r\n\r\n")
	return out.Bytes()
}

// record writes one record, gzipped alone.
func record(w io.Writer, id int, typ, uri, date, digest string, block []byte, more string) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "WARC/1.1\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\nWARC-Date: %s\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\nContent-Type: application/http; msgtype=response\r\n", typ, uri, date, id)
	if digest != "" {
		fmt.Fprintf(&b, "WARC-Payload-Digest: %s\r\n", digest)
	}
	b.WriteString(more)
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(block))
	b.Write(block)
	b.WriteString("\r\n\r\n")
	zw := gzip.NewWriter(w)
	if _, err := zw.Write(b.Bytes()); err != nil {
		return err
	}
	return zw.Close()
}
