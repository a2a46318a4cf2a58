package unpack

import (
	"testing"
)

func TestSmoke(t *testing.T) {
	w := buildWARC(true,
		rec{typ: "response", uri: "http://example.org/", block: response(301, "Location: /en/\n", "")},
		rec{typ: "response", uri: "http://example.org/en/", block: html200(`<base href="http://example.org/en/"><link rel=stylesheet href="http://example.org/s.css"><img srcset="a.png 1x, /b.png 2x" src=a.png><a href="x.html#top">x</a><a href="http://example.org/en/">self</a><a href="#f">f</a><a href="http://other.example/">o</a><div style="background:url(/b.png)"></div>`)},
		rec{typ: "response", uri: "http://example.org/s.css", block: response(200, "Content-Type: text/css\n", `@import "t.css"; body{background:url(http://example.org/b.png)}`)},
		rec{typ: "response", uri: "http://example.org/en/a.png", block: response(200, "Content-Type: image/png\n", "PNG")},
		rec{typ: "response", uri: "http://example.org/b.png", block: response(200, "Content-Type: image/png\n", "PNG2")},
		rec{typ: "response", uri: "http://example.org/en/x.html", block: html200(`<a href="/en/">back</a>`)},
	)
	dir := t.TempDir()
	st, err := Unpack(dir, []Archive{memArchive("a.warc.gz", w)}, Options{Report: func(err error) { t.Error(err) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", st)
	for p, s := range readTree(t, dir) {
		t.Logf("%s:\n%s", p, s)
	}
}
