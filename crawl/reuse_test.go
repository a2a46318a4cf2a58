package crawl_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/warc"
)

// TestExtractorReuse checks that an Extractor, which reads every page with
// one HTML extractor reset for each, gives each page what a new Extractor
// gives it alone: pages one after another whose URL, charset (declared,
// in a meta, guessed, UTF-16), base element, text links and oversize tags
// differ, so that nothing of a page is left to the next; and every page of
// the fixtures.
func TestExtractorReuse(t *testing.T) {
	long := "<p title=\"" + strings.Repeat("x", 2<<20) + "\">"
	u16 := "\xff\xfe"
	for _, r := range "<a href=\"u16.html?q=\u00e9\">x</a>" {
		u16 += string([]byte{byte(r), byte(r >> 8)})
	}
	files := []struct{ url, ctype, body string }{
		{"http://a.example/1/", "text/html; charset=windows-1252", "<a href='x?q=\xe9'>\xe9t\xe9</a><base href=/base/><a href=b>b</a>"},
		{"http://b.example/2/", "text/html", "<a href=x>text"},
		{"http://c.example/3/", "text/html", "<meta charset=shift_jis><a href='\x83\x65?q=\x83\x65'>t</a>"},
		{"http://d.example/4/", "text/html; charset=utf-8", "see http://text.example/ <a href=x?q=\u00e9>\u00e9</a>" + long + "<a href=y>"},
		{"http://e.example/5/", "text/html; charset=utf-16", u16},
		{"http://f.example/6/", "text/html", "<a href=\"\xe9.html\">guessed</a>"},
		{"http://g.example/7/", "text/html", "<object codebase=/cb/ data=o></object><a href=x>"},
	}
	for _, opts := range []crawl.Options{
		{},
		{Options: extract.Options{TextLinks: true, Oversize: func(*extract.OversizeError) {}}},
	} {
		reused := crawl.NewExtractor(opts)
		for _, f := range files {
			rec := func() *warc.Record { return firstRecord(t, response(f.url, f.ctype, f.body)) }
			got, err := reused.Record(rec(), "f.warc")
			if err != nil {
				t.Fatalf("%s: %v", f.url, err)
			}
			want, err := crawl.NewExtractor(opts).Record(rec(), "f.warc")
			if err != nil {
				t.Fatalf("%s: %v", f.url, err)
			}
			if len(want.Links) == 0 {
				t.Fatalf("%s: no link", f.url)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, text links %v: reused\n%+v\nwant\n%+v", f.url, opts.TextLinks, got, want)
			}
		}
	}

	reused := crawl.NewExtractor(crawl.Options{})
	n := 0
	for _, name := range fixtures(t) {
		eachRecord(t, name, func(rec, again *warc.Record) {
			got, err1 := reused.Record(rec, name)
			want, err2 := crawl.NewExtractor(crawl.Options{}).Record(again, name)
			if fmt.Sprint(err1) != fmt.Sprint(err2) || !reflect.DeepEqual(got, want) {
				t.Errorf("%s at %d: reused %+v, %v\nwant %+v, %v", name, rec.Offset, got, err1, want, err2)
			}
			if got != nil {
				n++
			}
		})
	}
	if n < 20 {
		t.Errorf("%d pages in the fixtures, want 20 at least", n)
	}
}

// TestExtractorReuseHandlerError checks that a page whose Handler stopped
// it leaves nothing to the next page of the same Extractor.
func TestExtractorReuseHandlerError(t *testing.T) {
	stop := errors.New("stop")
	x := crawl.NewExtractor(crawl.Options{})
	h := &collect{failAt: 2, err: stop}
	body := "<a href=1>1</a><a href=2>2</a><a href=3>3</a>"
	if _, err := x.Extract(firstRecord(t, response("http://a.example/", "text/html", body)), h); err != stop {
		t.Fatalf("first page: %v, want the handler's error", err)
	}
	h = &collect{}
	if _, err := x.Extract(firstRecord(t, response("http://b.example/", "text/html", body)), h); err != nil {
		t.Fatalf("second page: %v", err)
	}
	want := []string{"http://b.example/1", "http://b.example/2", "http://b.example/3"}
	if !reflect.DeepEqual(h.links, want) {
		t.Errorf("second page's links %v, want %v", h.links, want)
	}
}

// collect is a Handler that notes the links' URIs, and returns err from
// the failAt'th link, when failAt > 0.
type collect struct {
	links  []string
	failAt int
	err    error
}

func (c *collect) Page(*crawl.Page) error { return nil }

func (c *collect) Link(_ *crawl.Page, l *extract.Link) error {
	c.links = append(c.links, l.Href)
	if len(c.links) == c.failAt {
		return c.err
	}
	return nil
}

// eachRecord calls fn with each record of the WARC file name, and the
// same record read by a Reader of its own (for an Extractor to read it a
// second time).
func eachRecord(t *testing.T, name string, fn func(rec, again *warc.Record)) {
	t.Helper()
	open := func() *warc.Reader {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		r := warc.NewReader(f)
		t.Cleanup(func() { r.Close() })
		return r
	}
	r1, r2 := open(), open()
	for {
		rec, err1 := r1.Next()
		again, err2 := r2.Next()
		if fmt.Sprint(err1) != fmt.Sprint(err2) {
			t.Fatalf("%s: %v, then %v", name, err1, err2)
		}
		if err1 == io.EOF {
			return
		}
		var se *warc.SyntaxError
		if errors.As(err1, &se) {
			continue
		}
		if err1 != nil {
			t.Fatal(err1)
		}
		fn(rec, again)
	}
}
